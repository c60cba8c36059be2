import { apiFetch } from '../../../lib/api/http';
import { subscriptionPath } from './keys';
import type { Subscription } from './types';

/** `POST …/subscriptions/{id}/pause`: nothing is sent until resumed; the date is kept. */
export function pauseSubscription(subscriptionId: number): Promise<Subscription> {
  return apiFetch<Subscription>(`${subscriptionPath(subscriptionId)}/pause`, { method: 'POST', auth: 'required' });
}
