import useSWR from 'swr';

import { ApiError, apiFetch } from '../api/http';
import type { QueryOf, Schemas } from '../api/types';
import { useRealtimeKey } from '../realtime';

/** One thing that can be bought instead of a sold-out variant (docs/decisions/0041-substitutes.md). */
export type SubstituteOffer = Schemas['SubstituteOfferOut'];
type SubstitutesQuery = QueryOf<'server_protocols_api_product_substitutes'>;

/**
 * Whose offers: a variant alone (the shop's, as the builder's picker and a cart line without a protocol
 * ask), or a line of a protocol the caller may read (its practitioner's choice first); `linkToken` is what
 * lets a stranger on the link page read it.
 */
export interface SubstituteTarget {
  slug: string;
  variantId: number;
  protocolId?: number | null;
  linkToken?: string;
}

function substitutesPath(slug: string): string {
  return `/v2/storefront/products/${encodeURIComponent(slug)}/substitutes`;
}

function query({ variantId, protocolId, linkToken }: SubstituteTarget): SubstitutesQuery {
  return {
    variant_id: variantId,
    protocol_id: protocolId ?? undefined,
    link_token: (protocolId != null && linkToken) || undefined,
  };
}

/** The SWR key: the path with the whole query, so each line's offers are cached apart. */
function productSubstitutesKey(target: SubstituteTarget): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query(target))) if (value !== undefined) search.set(name, String(value));
  return `${substitutesPath(target.slug)}?${search.toString()}`;
}

/**
 * `GET /v2/storefront/products/{slug}/substitutes?variant_id=[&protocol_id=&link_token=]` (bearer optional):
 * the offers for the variant, best first. A protocol the caller may no longer read (unshared, deleted,
 * link revoked while the page is open) makes the call 404; the shop's own offers are then asked for
 * without it, so the line still gets an alternative. Shared here because the cart, the builder and the
 * client's protocol pages all ask, and features do not import each other.
 */
export async function fetchProductSubstitutes(target: SubstituteTarget): Promise<SubstituteOffer[]> {
  const ask = (asked: SubstituteTarget) =>
    apiFetch<SubstituteOffer[]>(substitutesPath(asked.slug), { auth: 'optional', query: query(asked) });
  try {
    return await ask(target);
  } catch (error) {
    if (target.protocolId != null && error instanceof ApiError && error.status === 404) {
      return ask({ slug: target.slug, variantId: target.variantId });
    }
    throw error;
  }
}

/**
 * The offers for `target`, kept current by the socket; null asks nothing (a line that is not sold out, a
 * picker not opened). Stale after `stock.updated` (an offer sold out, or another came back) and, for a
 * protocol's line, `protocol.updated` (the practitioner changed their choice).
 */
export function useProductSubstitutes(target: SubstituteTarget | null) {
  const key = target ? productSubstitutesKey(target) : null;
  useRealtimeKey(target?.protocolId != null ? ['stock.updated', 'protocol.updated'] : ['stock.updated'], key);
  return useSWR<SubstituteOffer[], unknown>(key, () => (target ? fetchProductSubstitutes(target) : Promise.resolve([])));
}
