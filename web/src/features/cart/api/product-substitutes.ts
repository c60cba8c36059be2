import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import type { QueryOf, Schemas } from '../../../lib/api/types';
import { useRealtimeKey } from '../../../lib/realtime';

/** One thing that can be bought instead of a sold-out variant (docs/decisions/0041-substitutes.md). */
export type SubstituteOffer = Schemas['SubstituteOfferOut'];
type SubstitutesQuery = QueryOf<'server_protocols_api_product_substitutes'>;

/**
 * Stale after: `stock.updated` (an offer sold out, or another came back) and `protocol.updated` (the
 * practitioner changed their choice for the protocol the line came from).
 */
const SUBSTITUTE_TOPICS = ['stock.updated', 'protocol.updated'] as const;

function substitutesPath(slug: string): string {
  return `/v2/storefront/products/${encodeURIComponent(slug)}/substitutes`;
}

/** The SWR key: the path with the variant and the protocol, so each line's offers are cached apart. */
function productSubstitutesKey(slug: string, variantId: number, protocolId: number | null): string {
  const query = new URLSearchParams({ variant_id: String(variantId) });
  if (protocolId !== null) query.set('protocol_id', String(protocolId));
  return `${substitutesPath(slug)}?${query.toString()}`;
}

/**
 * `GET /v2/storefront/products/{slug}/substitutes?variant_id=&protocol_id=` (bearer optional): the offers
 * for the variant, best first; with `protocol_id` the practitioner's choice for that protocol's line comes
 * first. A protocol the buyer may no longer read (unshared, deleted) makes the call 404; the shop's own
 * offers are then asked for without it, so the line still gets an alternative.
 */
export async function fetchProductSubstitutes(
  slug: string,
  variantId: number,
  protocolId: number | null,
): Promise<SubstituteOffer[]> {
  const ask = (protocol: number | null) =>
    apiFetch<SubstituteOffer[]>(substitutesPath(slug), {
      auth: 'optional',
      query: { variant_id: variantId, protocol_id: protocol ?? undefined } satisfies SubstitutesQuery,
    });
  try {
    return await ask(protocolId);
  } catch (error) {
    if (protocolId !== null && error instanceof ApiError && error.status === 404) return ask(null);
    throw error;
  }
}

interface SubstituteTarget {
  slug: string;
  variantId: number;
  protocolId: number | null;
}

/** The offers for `target`, kept current by the socket; null asks nothing (a line that is not sold out). */
export function useProductSubstitutes(target: SubstituteTarget | null) {
  const key = target ? productSubstitutesKey(target.slug, target.variantId, target.protocolId) : null;
  useRealtimeKey(SUBSTITUTE_TOPICS, key);
  return useSWR<SubstituteOffer[], unknown>(key, () =>
    fetchProductSubstitutes(target?.slug ?? '', target?.variantId ?? 0, target?.protocolId ?? null),
  );
}
