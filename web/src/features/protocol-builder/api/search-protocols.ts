import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { FIRST_PAGE, PROTOCOL_LIST_TOPICS, PROTOCOLS_PATH, protocolSearchKey } from './keys';
import type { ProtocolPage } from './types';

/**
 * Spec docs/spec-coverage.md#s9-protocol-search-debounce-500: the protocol search asks for page 1, 50 at a
 * time.
 */
export const PROTOCOL_SEARCH_LIMIT = 50;

/** `POST /v2/account/practitioners/protocols/search {page, limit, query}`: a page of matches. */
export function searchProtocols(query: string, page = FIRST_PAGE, limit = PROTOCOL_SEARCH_LIMIT): Promise<ProtocolPage> {
  return apiFetch<ProtocolPage>(`${PROTOCOLS_PATH}/search`, {
    method: 'POST',
    auth: 'required',
    body: { page, limit, query },
  });
}

/**
 * The matches for an (already debounced) query; an empty query asks nothing, the list shows instead.
 * Refetched like the list when protocols change on another device.
 */
export function useProtocolSearch(query: string, page = FIRST_PAGE, limit = PROTOCOL_SEARCH_LIMIT) {
  const signedIn = useSignedIn();
  const text = query.trim();
  const key = signedIn && text !== '' ? protocolSearchKey(text, page, limit) : null;
  useRealtimeKey(PROTOCOL_LIST_TOPICS, key);
  return useSWR<ProtocolPage, unknown>(key, () => searchProtocols(text, page, limit), { keepPreviousData: true });
}
