import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { CLIENT_PROTOCOL_TOPICS, CLIENT_PROTOCOLS_PATH } from './keys';
import type { SharedProtocol } from './types';

/** `GET /v2/account/clients/protocols`: the protocols shared with the caller (clients only). */
export function fetchClientProtocols(): Promise<SharedProtocol[]> {
  return apiFetch<SharedProtocol[]>(CLIENT_PROTOCOLS_PATH, { auth: 'required' });
}

/**
 * The signed-in client's protocols, kept current by the socket: a protocol the practitioner shares
 * appears without reloading. Spec docs/spec-coverage.md#s6-client-protocol-list-fetched: fetched only for
 * type 4, which the caller says by `enabled`.
 */
export function useClientProtocols(enabled = true) {
  const signedIn = useSignedIn();
  const key = signedIn && enabled ? CLIENT_PROTOCOLS_PATH : null;
  useRealtimeKey(CLIENT_PROTOCOL_TOPICS, key);
  return useSWR<SharedProtocol[], unknown>(key, fetchClientProtocols);
}
