import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { HUB_PROTOCOLS_LIMIT, PROTOCOL_TOPICS, PROTOCOLS_PATH } from './keys';
import type { ProtocolPage } from './types';

/** `GET /v2/account/practitioners/protocols?page=1&limit=5`: the newest protocols and how many there are. */
export function fetchRecentProtocols(): Promise<ProtocolPage> {
  return apiFetch<ProtocolPage>(PROTOCOLS_PATH, {
    auth: 'required',
    query: { page: 1, limit: HUB_PROTOCOLS_LIMIT },
  });
}

export function useRecentProtocols(enabled: boolean) {
  const key = enabled ? `${PROTOCOLS_PATH}?page=1&limit=${String(HUB_PROTOCOLS_LIMIT)}` : null;
  useRealtimeKey(PROTOCOL_TOPICS, key);
  return useSWR<ProtocolPage, unknown>(key, fetchRecentProtocols);
}
