import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { CLIENT_TOPICS, CLIENTS_PATH, HUB_CLIENTS_LIMIT } from './keys';
import type { ClientPage } from './types';

/** `GET /v2/account/practitioners/clients?page&limit`: the caller's clients, newest first. */
export function fetchClients(page: number, limit: number = HUB_CLIENTS_LIMIT): Promise<ClientPage> {
  return apiFetch<ClientPage>(CLIENTS_PATH, { auth: 'required', query: { page, limit } });
}

export function useClients(enabled: boolean, page = 1) {
  const key = enabled ? `${CLIENTS_PATH}?page=${String(page)}&limit=${String(HUB_CLIENTS_LIMIT)}` : null;
  useRealtimeKey(CLIENT_TOPICS, key);
  return useSWR<ClientPage, unknown>(key, () => fetchClients(page));
}
