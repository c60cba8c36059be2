import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { PROTOCOL_TOPICS, protocolPath } from './keys';
import type { Protocol } from './types';

/** `GET /v2/account/practitioners/protocols/{protocolId}`; someone else's or a deleted one is a 404. */
export function fetchProtocol(protocolId: number): Promise<Protocol> {
  return apiFetch<Protocol>(protocolPath(protocolId), { auth: 'required' });
}

/**
 * One protocol (the active one), refetched when it changes on another device. A 404 is not retried:
 * spec docs/spec-coverage.md#s4-active-protocol-restored resets the builder when the active id turns out
 * invalid.
 */
export function useProtocol(protocolId: number | null) {
  const signedIn = useSignedIn();
  const key = signedIn && protocolId !== null ? protocolPath(protocolId) : null;
  useRealtimeKey(PROTOCOL_TOPICS, key);
  return useSWR<Protocol, unknown>(key, () => fetchProtocol(protocolId ?? 0), {
    shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 404),
  });
}
