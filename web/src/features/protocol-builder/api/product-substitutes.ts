import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import type { QueryOf } from '../../../lib/api/types';
import { useRealtimeKey } from '../../../lib/realtime';
import type { SubstituteOffer } from './types';

type SubstitutesQuery = QueryOf<'server_protocols_api_product_substitutes'>;

function substitutesPath(slug: string): string {
  return `/v2/storefront/products/${encodeURIComponent(slug)}/substitutes`;
}

/**
 * `GET /v2/storefront/products/{slug}/substitutes?variant_id=`: every alternative the shop offers for the
 * variant, best first. Asked without `protocol_id` on purpose: the practitioner is choosing, so their
 * current choice must not be put first as if it were the shop's.
 */
export function fetchProductSubstitutes(slug: string, variantId: number): Promise<SubstituteOffer[]> {
  return apiFetch<SubstituteOffer[]>(substitutesPath(slug), {
    auth: 'optional',
    query: { variant_id: variantId } satisfies SubstitutesQuery,
  });
}

/**
 * The shop's alternatives for a line, while its picker is open (`enabled`), so a protocol of many lines
 * asks nothing until one is opened; refetched when stock changes (an alternative sold out or came back).
 */
export function useProductSubstitutes(slug: string, variantId: number, enabled: boolean) {
  const key = enabled ? `${substitutesPath(slug)}?variant_id=${variantId}` : null;
  useRealtimeKey(['stock.updated'], key);
  return useSWR<SubstituteOffer[], unknown>(key, () => fetchProductSubstitutes(slug, variantId));
}
