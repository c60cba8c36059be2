import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { SearchProduct } from './types';

/**
 * Spec docs/spec-coverage.md#s9-popular-products-cache-15: popular products are cached 15 minutes per
 * language.
 */
export const POPULAR_CACHE_MS = 15 * 60 * 1000;

/** GET /v2/storefront/search: the popular products shown when the search box is focused. */
export async function fetchPopularProducts(): Promise<SearchProduct[]> {
  const reply = await apiFetch<Schemas['PopularOut']>('/v2/storefront/search', { auth: 'optional' });
  return reply.data;
}

/**
 * Loaded only once the box is focused (`enabled`); a failure is logged only (spec:
 * docs/spec-coverage.md#s8-wishlist-marketing-event).
 */
export function usePopularProducts(enabled: boolean) {
  const language = useCurrentLanguage();
  return useSWR<SearchProduct[], unknown>(enabled ? ['storefront/popular', language] : null, fetchPopularProducts, {
    dedupingInterval: POPULAR_CACHE_MS,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: (error: unknown) => {
      console.error('Popular products could not be loaded', error);
    },
  });
}
