import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { LINKED_PROTOCOL_TOPICS, linkedProtocolPath } from './keys';
import type { LinkedProtocol } from './types';

/**
 * `GET /v2/storefront/protocols/link/{token}`: the protocol behind a link, for anyone with it (signed
 * out too; the bearer is sent when there is one). A revoked or unknown token is a 404.
 */
export function fetchLinkedProtocol(linkToken: string): Promise<LinkedProtocol> {
  return apiFetch<LinkedProtocol>(linkedProtocolPath(linkToken), { auth: 'optional' });
}

/** The link page's protocol; a 404 is final (the link was revoked), so it is not retried. */
export function useLinkedProtocol(linkToken: string | null) {
  const key = linkToken ? linkedProtocolPath(linkToken) : null;
  useRealtimeKey(LINKED_PROTOCOL_TOPICS, key);
  return useSWR<LinkedProtocol, unknown>(key, () => fetchLinkedProtocol(linkToken ?? ''), {
    shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 404),
  });
}
