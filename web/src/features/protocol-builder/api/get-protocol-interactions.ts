import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { INTERACTIONS_TOPICS, interactionsPath } from './keys';
import type { Interactions } from './types';

/**
 * `GET /v2/account/practitioners/protocols/{protocolId}/interactions` (docs/api.md, "Medicines, spacing and
 * interaction warnings"): the warnings of the protocol as the server has it, the medicines of the clients it
 * is shared with and every rule, which the builder holds against its live document (state/day-warnings.ts).
 */
export function fetchProtocolInteractions(protocolId: number): Promise<Interactions> {
  return apiFetch<Interactions>(interactionsPath(protocolId), { auth: 'required' });
}

/**
 * The protocol's interactions for its current variants: the key names them (as the daily totals' does), so a
 * product added on any device refetches, while a slot moved (worked out here) fetches nothing. Refetched on
 * the protocol's topics and when a client of it changes their medicines (`medicines.updated`).
 */
export function useProtocolInteractions(protocolId: number | null, variantIds: readonly number[]) {
  const signedIn = useSignedIn();
  const variants = [...variantIds].sort((a, b) => a - b).join(',');
  const key = signedIn && protocolId !== null ? `${interactionsPath(protocolId)}?variants=${variants}` : null;
  useRealtimeKey(INTERACTIONS_TOPICS, key);
  return useSWR<Interactions, unknown>(key, () => fetchProtocolInteractions(protocolId ?? 0), { keepPreviousData: true });
}
