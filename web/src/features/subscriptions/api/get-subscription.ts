import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { SUBSCRIPTION_TOPICS, subscriptionPath } from './keys';
import type { Subscription } from './types';

/** `GET /v2/account/clients/subscriptions/{id}`: one of the client's refills (another's is a 404). */
export function fetchSubscription(subscriptionId: number): Promise<Subscription> {
  return apiFetch<Subscription>(subscriptionPath(subscriptionId), { auth: 'required' });
}

/** One refill, following `subscription.updated` and `order.updated` from any device or the daily run. */
export function useSubscription(subscriptionId: number | null) {
  const key = subscriptionId === null ? null : subscriptionPath(subscriptionId);
  useRealtimeKey(SUBSCRIPTION_TOPICS, key);
  return useSWR<Subscription, unknown>(key, () => fetchSubscription(subscriptionId ?? 0), {
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
  });
}
