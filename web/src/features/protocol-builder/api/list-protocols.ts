import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import {
  PROTOCOL_LIST_TOPICS,
  PROTOCOLS_PATH,
  protocolListKey,
  protocolListQuery,
  type ProtocolListParams,
} from './keys';
import type { ProtocolPage } from './types';

/** `GET /v2/account/practitioners/protocols?page&limit&sort`: the caller's protocols, one page. */
export function fetchProtocols(params: ProtocolListParams = {}): Promise<ProtocolPage> {
  return apiFetch<ProtocolPage>(PROTOCOLS_PATH, { auth: 'required', query: { ...protocolListQuery(params) } });
}

/**
 * `GET ...?limit=1`: how many protocols the caller has (spec:
 * docs/spec-coverage.md#s4-after-sharing-total-protocol "Share flow": read after sharing). Only
 * `total_results` is read, so one row is asked for.
 */
export async function fetchProtocolTotal(): Promise<number> {
  const page = await apiFetch<ProtocolPage>(PROTOCOLS_PATH, { auth: 'required', query: { limit: 1 } });
  return page.total_results;
}

/**
 * One page of the signed-in practitioner's protocols, refetched when a protocol is created, changed,
 * deleted, duplicated or shared on any device. `enabled` lets the caller wait for a practitioner type.
 */
export function useProtocols(params: ProtocolListParams = {}, enabled = true) {
  const signedIn = useSignedIn();
  const key = signedIn && enabled ? protocolListKey(params) : null;
  useRealtimeKey(PROTOCOL_LIST_TOPICS, key);
  return useSWR<ProtocolPage, unknown>(key, () => fetchProtocols(params), { keepPreviousData: true });
}
