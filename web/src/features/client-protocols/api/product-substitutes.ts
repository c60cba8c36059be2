import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import type { QueryOf, Schemas } from '../../../lib/api/types';
import { useRealtimeKey } from '../../../lib/realtime';

/** One thing that can be bought instead of a sold-out variant (docs/decisions/0041-substitutes.md). */
export type SubstituteOffer = Schemas['SubstituteOfferOut'];
type SubstitutesQuery = QueryOf<'server_protocols_api_product_substitutes'>;

/**
 * Stale after: `stock.updated` (an offer sold out, or another came back) and `protocol.updated` (the
 * practitioner changed their choice for this protocol's line).
 */
const SUBSTITUTE_TOPICS = ['stock.updated', 'protocol.updated'] as const;

/** A sold-out line of a protocol the page shows: shared with the client, or reached by its link. */
export interface SubstituteTarget {
  slug: string;
  variantId: number;
  protocolId: number;
  /** The link page's token: it is what lets a stranger read the protocol. */
  linkToken?: string;
}

function substitutesPath(slug: string): string {
  return `/v2/storefront/products/${encodeURIComponent(slug)}/substitutes`;
}

/** The SWR key: the path with the whole query, so each line's offers are cached apart. */
function productSubstitutesKey({ slug, variantId, protocolId, linkToken }: SubstituteTarget): string {
  const query = new URLSearchParams({ variant_id: String(variantId), protocol_id: String(protocolId) });
  if (linkToken) query.set('link_token', linkToken);
  return `${substitutesPath(slug)}?${query.toString()}`;
}

/**
 * `GET /v2/storefront/products/{slug}/substitutes?variant_id=&protocol_id=[&link_token=]` (bearer
 * optional): the offers for the line's variant, best first, the practitioner's choice for the line first.
 * A protocol the caller may no longer read (unshared, link revoked while the page is open) makes the call
 * 404; the shop's own offers are then asked for without it, so the line still gets an alternative.
 */
export async function fetchProductSubstitutes(target: SubstituteTarget): Promise<SubstituteOffer[]> {
  const ask = (withProtocol: boolean) =>
    apiFetch<SubstituteOffer[]>(substitutesPath(target.slug), {
      auth: 'optional',
      query: {
        variant_id: target.variantId,
        protocol_id: withProtocol ? target.protocolId : undefined,
        link_token: (withProtocol && target.linkToken) || undefined,
      } satisfies SubstitutesQuery,
    });
  try {
    return await ask(true);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return ask(false);
    throw error;
  }
}

/** The offers for `target`, kept current by the socket; null asks nothing (a line that is not sold out). */
export function useProductSubstitutes(target: SubstituteTarget | null) {
  const key = target ? productSubstitutesKey(target) : null;
  useRealtimeKey(SUBSTITUTE_TOPICS, key);
  return useSWR<SubstituteOffer[], unknown>(key, () => (target ? fetchProductSubstitutes(target) : Promise.resolve([])));
}
