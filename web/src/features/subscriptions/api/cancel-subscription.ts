import { apiFetch } from '../../../lib/api/http';
import { subscriptionPath } from './keys';
import type { Subscription } from './types';

/** `DELETE …/subscriptions/{id}`: cancelled for good; a parcel waiting for payment is cancelled with it. */
export function cancelSubscription(subscriptionId: number): Promise<Subscription> {
  return apiFetch<Subscription>(subscriptionPath(subscriptionId), { method: 'DELETE', auth: 'required' });
}
