import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { takePrefetched } from '../../../lib/api/prefetch';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';
import { useRegion, type Region } from '../../../lib/session/region';
import type { ProductListPage } from './types';

export type ProductListQuery = Record<string, string | number>;

/**
 * GET /v2/storefront/products (spec: docs/spec-coverage.md#s7-products): comma id lists, ordering, page and
 * limit 26.
 */
export function fetchProductList(query: ProductListQuery, language: Language): Promise<ProductListPage> {
  return apiFetch<ProductListPage>('/v2/storefront/products', { query, auth: 'optional', language });
}

/** Names follow the language and prices the region; the route loader prefetches under the same key. */
export function productListKey(query: ProductListQuery, language: Language, region: Region) {
  return ['storefront/products', new URLSearchParams(toStrings(query)).toString(), language, region] as const;
}

/**
 * The list for a query, or no request while `query` is null (filters still being checked against
 * the loaded options). The previous page stays on screen while the next one loads, so changing a
 * filter never blanks the list.
 */
export function useProductList(query: ProductListQuery | null) {
  const language = useCurrentLanguage();
  const region = useRegion();
  const key = query ? productListKey(query, language, region) : null;
  return useSWR<ProductListPage, unknown>(
    key,
    () => takePrefetched(key, () => fetchProductList(query ?? {}, language)),
    { keepPreviousData: true },
  );
}

function toStrings(query: ProductListQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}
