/** Reply shapes of the search calls (server/search/schemas.py, spec section 3 "Search result"). */

export interface SearchProduct {
  id: number;
  slug: string;
  name: string;
  brand: { id: number; name: string; slug: string };
  price: string;
  currency: string;
  is_available: boolean;
  assets: { asset_id: number; image_url: string; alt_text: string; thumbnails: { thumbnail_75: string; thumbnail_250: string } }[];
}

export interface FacetOption {
  id: number;
  name: string;
  count: number;
}

export interface SearchResult {
  current_page: number;
  per_page: number;
  total_found: number;
  total_pages: number;
  available_products: number;
  unavailable_products: number;
  hits: SearchProduct[];
  brands: FacetOption[];
  unique_categories: FacetOption[];
  unique_free_from: FacetOption[];
  unique_ingredients: string[];
  unique_suitable_for: FacetOption[];
  did_you_mean: string | null;
}

/** Spec section 8: a failed search (other than an aborted one) shows as no results with zero counts. */
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
