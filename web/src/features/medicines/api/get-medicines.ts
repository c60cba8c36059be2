import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { MEDICINES_PATH, MEDICINES_TOPICS } from './keys';
import type { ClientMedicines } from './types';

/** `GET /v2/account/clients/medicines`: the client's medicines, names in the page's language. */
export function fetchMedicines(): Promise<ClientMedicines> {
  return apiFetch<ClientMedicines>(MEDICINES_PATH, { auth: 'required' });
}

/**
 * The client's medicines, following a change made on another device. This page's own save answers the new
 * list into the key, so its event asks nothing again; a list being edited here stays as it is (the page
 * keeps its own copy until it is saved).
 */
export function useMedicines() {
  useRealtimeKey(MEDICINES_TOPICS, MEDICINES_PATH, { skipOwnWrites: true });
  return useSWR<ClientMedicines, unknown>(MEDICINES_PATH, fetchMedicines);
}
