import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { PUBLIC_STORE_TOPICS, publicStorePath } from './keys';
import type { PublicStore } from './types';

/**
 * `GET /v2/storefront/stores/{shop_name}`: a practitioner's public store, for anyone (signed out too;
 * the bearer is sent when there is one). An unknown name is a 404.
 */
export function fetchPublicStore(shopName: string): Promise<PublicStore> {
  return apiFetch<PublicStore>(publicStorePath(shopName), { auth: 'optional' });
}

/** The store page's store; a 404 is final (no store has that name), so it is not retried. */
export function usePublicStore(shopName: string | null) {
  const key = shopName ? publicStorePath(shopName) : null;
  useRealtimeKey(PUBLIC_STORE_TOPICS, key);
  return useSWR<PublicStore, unknown>(key, () => fetchPublicStore(shopName ?? ''), {
    shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 404),
  });
}
