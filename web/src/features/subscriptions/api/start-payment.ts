import { apiFetch } from '../../../lib/api/http';
import { subscriptionPath } from './keys';
import type { Subscription } from './types';

/** `POST …/subscriptions/{id}/payment`: a payment for what a pending or past-due refill waits for; answers `payment_url`. */
export function startPayment(subscriptionId: number): Promise<Subscription> {
  return apiFetch<Subscription>(`${subscriptionPath(subscriptionId)}/payment`, { method: 'POST', auth: 'required' });
}
