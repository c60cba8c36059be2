import { useEffect } from 'react';
import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { registerTopic, useRealtimeKey } from '../../../lib/realtime';
import { CLIENT_SUBSCRIPTION_TOPICS, CLIENT_SUBSCRIPTIONS_PATH } from './keys';
import type { ClientSubscription } from './types';

/** `GET /v2/account/practitioners/subscriptions`: the clients' automatic refills that are not cancelled. */
export function fetchClientSubscriptions(): Promise<ClientSubscription[]> {
  return apiFetch<ClientSubscription[]>(CLIENT_SUBSCRIPTIONS_PATH, { auth: 'required' });
}

/**
 * The refills, kept current by the socket: `subscription.updated` (a state, a parcel, a line sold out on its
 * day), the builder's protocol writes (a substitute chosen), and `stock.updated` when it names a product the
 * refills carry (a line sold out or back). That last event reaches every socket on every stock change in the
 * shop, so the others do not refetch the list.
 */
export function useClientSubscriptions(enabled: boolean) {
  const key = enabled ? CLIENT_SUBSCRIPTIONS_PATH : null;
  useRealtimeKey(CLIENT_SUBSCRIPTION_TOPICS, key);
  const subscriptions = useSWR<ClientSubscription[], unknown>(key, fetchClientSubscriptions);
  const { data, mutate } = subscriptions;
  // Joined so a new reply with the same products does not re-register.
  const watched = data
    ? [...new Set(data.flatMap((subscription) => subscription.lines.map((line) => line.product_variant_id)))]
        .sort((a, b) => a - b)
        .join(' ')
    : '';
  useEffect(() => {
    if (!key || !watched) return undefined;
    const variantIds = new Set(watched.split(' ').map(Number));
    return registerTopic('stock.updated', ({ product_variant_ids }) => {
      if (product_variant_ids.some((id) => variantIds.has(id))) void mutate();
    });
  }, [key, watched, mutate]);
  return subscriptions;
}
