/**
 * Paths of the practitioner protocol calls (spec: docs/spec-coverage.md#s7-protocol-list) and the SWR keys
 * built from them. Every key is a string, because the realtime topic registry revalidates string keys; the
 * region and language are not in the keys since a store switch revalidates every key anyway.
 */
export const PROTOCOLS_PATH = '/v2/account/practitioners/protocols';
export const CLIENTS_PATH = '/v2/account/practitioners/clients';

/** Spec docs/spec-coverage.md#s9-protocol-list-default-page: the list's default page and page size. */
export const PROTOCOL_PAGE_SIZE = 5;
export const FIRST_PAGE = 1;

/**
 * The server's `sort` values (docs/decisions/0008-protocols-and-sharing.md "Sorting the list"): Default, A-Z,
 * Z-A.
 */
export const PROTOCOL_SORTS = ['default', 'name_asc', 'name_desc'] as const;
export type ProtocolSort = (typeof PROTOCOL_SORTS)[number];

export interface ProtocolListParams {
  page?: number;
  limit?: number;
  sort?: ProtocolSort;
}

/** Socket topics after which the owner's protocol lists and searches are stale (docs/api.md "Topics"). */
export const PROTOCOL_LIST_TOPICS = [
  'protocol.created',
  'protocol.updated',
  'protocol.deleted',
  'protocol.duplicated',
  'protocol.shared',
] as const;

/** Socket topics after which one protocol is stale: changed elsewhere, or gone (its fetch then 404s). */
export const PROTOCOL_TOPICS = ['protocol.updated', 'protocol.deleted', 'protocol.shared', 'stock.updated'] as const;

export function protocolPath(protocolId: number): string {
  return `${PROTOCOLS_PATH}/${protocolId}`;
}

export function protocolProductsPath(protocolId: number): string {
  return `${protocolPath(protocolId)}/products`;
}

/** A line's substitute (docs/decisions/0041-substitutes.md), by the line's variant. */
export function lineSubstitutePath(protocolId: number, variantId: number): string {
  return `${protocolProductsPath(protocolId)}/${variantId}/substitute`;
}

export function dailyTotalsPath(protocolId: number): string {
  return `${protocolPath(protocolId)}/daily-totals`;
}

/** The protocol's spacing and interaction warnings, with its clients' medicines and the rules. */
export function interactionsPath(protocolId: number): string {
  return `${protocolPath(protocolId)}/interactions`;
}

/** "Arrange the day": the proposed slots (nothing is saved). */
export function arrangePath(protocolId: number): string {
  return `${protocolPath(protocolId)}/arrange`;
}

/**
 * Socket topics after which a protocol's warnings are stale: the protocol's own, and a client of it
 * changing their medicines (docs/api.md "Topics").
 */
export const INTERACTIONS_TOPICS = [...PROTOCOL_TOPICS, 'medicines.updated'] as const;

export function protocolLinkPath(protocolId: number): string {
  return `${protocolPath(protocolId)}/link`;
}

/** The list's query with the defaults filled in, in a fixed order so equal lists share one key. */
export function protocolListQuery({ page, limit, sort }: ProtocolListParams = {}) {
  return { page: page ?? FIRST_PAGE, limit: limit ?? PROTOCOL_PAGE_SIZE, sort: sort ?? 'default' };
}

export function protocolListKey(params: ProtocolListParams = {}): string {
  const { page, limit, sort } = protocolListQuery(params);
  return `${PROTOCOLS_PATH}?page=${page}&limit=${limit}&sort=${sort}`;
}

/** The search is a POST; its key names the path and the query so each query is cached apart. */
export function protocolSearchKey(query: string, page: number, limit: number): string {
  return `${PROTOCOLS_PATH}/search?query=${encodeURIComponent(query)}&page=${page}&limit=${limit}`;
}

export function clientSearchKey(keyword: string, limit: number): string {
  return `${CLIENTS_PATH}?keyword=${encodeURIComponent(keyword)}&limit=${limit}`;
}

export function templatesPath(provider: string): string {
  return `/v2/providers/${encodeURIComponent(provider)}/protocols/templates`;
}

/** The content provider whose templates the shop offers (server setting CONTENT_PROVIDERS). */
export const CONTENT_PROVIDER = 'local';
