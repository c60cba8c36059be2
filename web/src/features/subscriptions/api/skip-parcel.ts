import { apiFetch } from '../../../lib/api/http';
import { subscriptionPath } from './keys';
import type { Subscription } from './types';

/** `POST …/subscriptions/{id}/skip`: the next parcel is not sent; the one after comes one interval later. */
export function skipParcel(subscriptionId: number): Promise<Subscription> {
  return apiFetch<Subscription>(`${subscriptionPath(subscriptionId)}/skip`, { method: 'POST', auth: 'required' });
}
