import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useRegion } from '../../../lib/session/region';
import { EMPTY_RESULT, type SearchResult } from './types';

/**
 * Spec docs/spec-coverage.md#s9-search-debounce-200-ms: the search call's default page size and its weighting
 * (name, then ingredients).
 */
export const SEARCH_CALL_PER_PAGE = 10;
export const PRIORITIES = ['name', 'ingredients'] as const;

export interface SearchParams {
  query: string;
  page: number;
  per_page: number;
  /** Filter groups as comma id lists, as for the product list. */
  filters?: Record<string, string>;
}

/**
 * POST /v2/storefront/search (spec: docs/spec-coverage.md#s7-search): the text, paging and relevance ordering
 * in the query string, the priorities in the body. Rejects with an AbortError when `signal` is aborted.
 */
export function searchProducts(params: SearchParams, signal?: AbortSignal): Promise<SearchResult> {
  return apiFetch<SearchResult>('/v2/storefront/search', {
    method: 'POST',
    query: {
      query: params.query,
      formatted: 1,
      page: params.page,
      per_page: params.per_page,
      order_by: 1,
      order: 'desc',
      ...params.filters,
    },
    body: { priorities: PRIORITIES },
    auth: 'optional',
    signal,
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A search that never fails: other failures than an abort become empty results (spec:
 * docs/spec-coverage.md#s8-search-aborted-ignored).
 */
async function searchOrEmpty(params: SearchParams): Promise<SearchResult> {
  try {
    return await searchProducts(params);
  } catch (error) {
    console.error('Search failed', error);
    return EMPTY_RESULT;
  }
}

/** The results page's search; no request for `null` (an empty or `*` query). */
export function useSearchResults(params: SearchParams | null) {
  const language = useCurrentLanguage();
  const region = useRegion();
  const key = params
    ? ['storefront/search', params.query, params.page, params.per_page, JSON.stringify(params.filters ?? {}), language, region]
    : null;
  return useSWR<SearchResult, unknown>(key, () => searchOrEmpty(params ?? { query: '', page: 1, per_page: SEARCH_CALL_PER_PAGE }), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
