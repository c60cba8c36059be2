import { apiFetch } from '../../../lib/api/http';
import { subscriptionPath } from './keys';
import type { Subscription, SubscriptionChange } from './types';

/**
 * `PUT …/subscriptions/{id}`: only what is sent changes (`lines` is the whole new list; `interval_days: null`
 * goes back to the doses' interval). A bad field is a 422 and nothing changes.
 */
export function updateSubscription(subscriptionId: number, change: SubscriptionChange): Promise<Subscription> {
  return apiFetch<Subscription>(subscriptionPath(subscriptionId), { method: 'PUT', auth: 'required', body: change });
}
