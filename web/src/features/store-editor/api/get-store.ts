import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { STORE_KEY, STORE_PATH, STORE_TOPICS } from './keys';
import type { Store } from './types';

/** `GET /v2/account/store`; a 404 means the practitioner has not created a store yet. */
export function fetchStore(): Promise<Store> {
  return apiFetch<Store>(STORE_PATH, { auth: 'required' });
}

export function isNoStore(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The signed-in practitioner's store, refetched when `store.updated` arrives (a write on another device
 * or in another tab) and on the socket's refetch-all. A 404 (no store yet) is not retried. Sections with
 * unsaved edits keep them whatever the refetch brings (components/use-draft.ts).
 */
export function useStore(enabled: boolean) {
  const key = enabled ? STORE_KEY : null;
  useRealtimeKey(STORE_TOPICS, key);
  return useSWR<Store, unknown>(key, fetchStore, {
    shouldRetryOnError: (error: unknown) => !isNoStore(error),
  });
}
