import useSWR from 'swr';

import { apiFetch } from '../api/http';
import type { Schemas } from '../api/types';
import { useRealtimeKey } from '../realtime';
import { useSignedIn } from '../session/use-signed-in';
import { SUBSCRIPTION_TOPICS, SUBSCRIPTIONS_PATH } from './keys';

/** One automatic refill of the client, as every subscription call answers it. */
export type Subscription = Schemas['SubscriptionOut'];

/**
 * `GET /v2/account/clients/subscriptions`: the caller's automatic refills, live ones first (clients only).
 * Shared by the refills pages and the entry points on a protocol's card.
 */
export function fetchSubscriptions(): Promise<Subscription[]> {
  return apiFetch<Subscription[]>(SUBSCRIPTIONS_PATH, { auth: 'required' });
}

/** The signed-in client's refills, following every change from any device (`enabled`: clients only). */
export function useSubscriptions(enabled = true) {
  const key = useSignedIn() && enabled ? SUBSCRIPTIONS_PATH : null;
  useRealtimeKey(SUBSCRIPTION_TOPICS, key);
  return useSWR<Subscription[], unknown>(key, fetchSubscriptions);
}

/** The newest refill of a protocol that is not cancelled, if any (the list comes newest first). */
export function liveSubscriptionOf(
  subscriptions: readonly Subscription[] | undefined,
  protocolId: number,
): Subscription | undefined {
  return subscriptions?.find((candidate) => candidate.protocol_id === protocolId && candidate.state !== 'cancelled');
}
