import type { Schemas } from '../../../lib/api/types';

/**
 * Reply shapes of the search calls (spec: docs/spec-coverage.md#s3-search-result "Search result"), as the
 * server's schema declares them.
 */
export type SearchProduct = Schemas['ProductCard'];
export type FacetOption = Schemas['FacetOption'];
export type SearchResult = Schemas['SearchResultOut'];

/**
 * Spec docs/spec-coverage.md#s8-search-aborted-ignored: a failed search (other than an aborted one) shows as
 * no results with zero counts.
 */
export const EMPTY_RESULT: SearchResult = {
  current_page: 1,
  per_page: 0,
  total_found: 0,
  total_pages: 0,
  available_products: 0,
  unavailable_products: 0,
  hits: [],
  brands: [],
  unique_categories: [],
  unique_free_from: [],
  unique_ingredients: [],
  unique_suitable_for: [],
  did_you_mean: null,
};
