import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { canSearchClients } from '../share/share-form-rules';
import { CLIENTS_PATH, clientSearchKey } from './keys';
import type { Client, ClientsReply } from './types';

/** Spec docs/spec-coverage.md#s9-client-search-debounce-500: the client search asks for up to 100. */
export const CLIENT_SEARCH_LIMIT = 100;

/** `POST /v2/account/practitioners/clients {limit, keyword}`: the caller's clients matching the keyword. */
export async function searchClients(keyword: string, limit = CLIENT_SEARCH_LIMIT): Promise<Client[]> {
  const reply = await apiFetch<ClientsReply>(CLIENTS_PATH, {
    method: 'POST',
    auth: 'required',
    body: { limit, keyword: keyword.trim() },
  });
  return reply.clients;
}

/**
 * The share form's client search for an (already debounced) keyword. Spec
 * docs/spec-coverage.md#s5-client-search-starts-above: nothing is asked until the text is longer than 2
 * characters (the server refuses shorter ones too).
 */
export function useClientSearch(keyword: string, limit = CLIENT_SEARCH_LIMIT) {
  const signedIn = useSignedIn();
  const text = keyword.trim();
  const key = signedIn && canSearchClients(text) ? clientSearchKey(text, limit) : null;
  return useSWR<Client[], unknown>(key, () => searchClients(text, limit), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
