import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { STORE_PATH, STORE_TOPICS } from './keys';
import type { PractitionerStore } from './types';

/** `GET /v2/account/store`, or null when the practitioner has not created one yet (a 404). */
export async function fetchOwnStore(): Promise<PractitionerStore | null> {
  try {
    return await apiFetch<PractitionerStore>(STORE_PATH, { auth: 'required' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useOwnStore(enabled: boolean) {
  // Not the editor's key: this one maps a 404 to null, the editor's keeps the error.
  const key = enabled ? `${STORE_PATH}#hub` : null;
  useRealtimeKey(STORE_TOPICS, key);
  return useSWR<PractitionerStore | null, unknown>(key, fetchOwnStore);
}
