import { apiFetch } from '../../../lib/api/http';
import { subscriptionPath } from './keys';
import type { Subscription } from './types';

/** `POST …/subscriptions/{id}/resume`: active again; a next date in the past moves to tomorrow. */
export function resumeSubscription(subscriptionId: number): Promise<Subscription> {
  return apiFetch<Subscription>(`${subscriptionPath(subscriptionId)}/resume`, { method: 'POST', auth: 'required' });
}
