import { apiFetch } from '../../../lib/api/http';
import { subscriptionPath } from './keys';
import type { Subscription } from './types';

/** `DELETE …/subscriptions/{id}/mandate`: nothing is charged any more until the client pays a parcel by hand. */
export function revokeMandate(subscriptionId: number): Promise<Subscription> {
  return apiFetch<Subscription>(`${subscriptionPath(subscriptionId)}/mandate`, { method: 'DELETE', auth: 'required' });
}
