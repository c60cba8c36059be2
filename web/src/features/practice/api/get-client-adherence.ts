import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { ADHERENCE_DAYS, ADHERENCE_TOPICS, clientAdherencePath } from './keys';
import type { ClientAdherence } from './types';

/**
 * `GET /v2/account/practitioners/clients/{client_id}/adherence?days=30`: the client's adherence to each of the
 * caller's protocols they have; a 404 when they have none.
 */
export function fetchClientAdherence(clientId: number): Promise<ClientAdherence> {
  return apiFetch<ClientAdherence>(clientAdherencePath(clientId), { auth: 'required', query: { days: ADHERENCE_DAYS } });
}

/** Whether a refusal only says that the client has none of the practitioner's protocols. */
export function isNoProtocols(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** One client's adherence, following their check-ins live. */
export function useClientAdherence(clientId: number) {
  const key = `${clientAdherencePath(clientId)}?days=${String(ADHERENCE_DAYS)}`;
  useRealtimeKey(ADHERENCE_TOPICS, key);
  return useSWR<ClientAdherence, unknown>(key, () => fetchClientAdherence(clientId), {
    shouldRetryOnError: (error) => !isNoProtocols(error),
  });
}
