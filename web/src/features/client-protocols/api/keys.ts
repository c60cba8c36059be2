/**
 * Paths and SWR keys of the client-side protocol calls (spec: docs/spec-coverage.md#s7-client-protocols
 * "Client protocols").
 */
export const CLIENT_PROTOCOLS_PATH = '/v2/account/clients/protocols';

/**
 * Socket topics after which the client's list is stale (docs/api.md "Topics"): a new share, a shared
 * protocol changed or deleted by its practitioner, or removed by the client on another device.
 */
export const CLIENT_PROTOCOL_TOPICS = [
  'protocol.shared',
  'protocol.updated',
  'protocol.deleted',
  'client_protocol.deleted',
  'stock.updated',
] as const;

/** Socket topics after which a protocol seen through its link is stale. */
export const LINKED_PROTOCOL_TOPICS = ['protocol.updated', 'protocol.deleted', 'stock.updated'] as const;

export function clientProtocolPath(protocolId: number): string {
  return `${CLIENT_PROTOCOLS_PATH}/${protocolId}`;
}

export function linkedProtocolPath(linkToken: string): string {
  return `/v2/storefront/protocols/link/${encodeURIComponent(linkToken)}`;
}

