/** Reply shapes of the storefront catalogue calls (server/catalog/schemas.py, spec section 3). */

export interface FilterOption {
  id: number;
  name: string;
}

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  children: CategoryNode[];
}

export interface FilterOptions {
  brands: FilterOption[];
  health_goals: FilterOption[];
  delivery_form: FilterOption[];
  free_from: FilterOption[];
  suitable_for: FilterOption[];
  availability: FilterOption[];
  zero_waste: FilterOption[];
}

export interface Brand {
  brand_id: number;
  id: number;
  name: string;
  slug: string;
}

export interface Variant {
  id: number;
  sku: string;
  /** Two decimals, in `currency` (the region's). */
  price: string;
  currency: string;
  unit_of_measure: string;
  weight: string | null;
  /** 1 available, 2 unavailable (spec section 3 "Availability options"). */
  availability: number;
}

export interface Asset {
  asset_id: number;
  asset_order: number;
  is_primary: boolean;
  image_url: string;
  alt_text: string;
  thumbnails: { thumbnail_75: string; thumbnail_125: string; thumbnail_250: string };
}

export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  brand: Brand;
  price: string;
  currency: string;
  is_available: boolean;
  practitioner_only: boolean;
  zero_waste: boolean;
  variants: Variant[];
  assets: Asset[];
}

export interface ProductDetail extends ProductCard {
  description: string;
  ingredients: string;
  categories: FilterOption[];
  health_goals: FilterOption[];
  delivery_form: FilterOption[];
  free_from: FilterOption[];
  suitable_for: FilterOption[];
  created_at: string;
  updated_at: string;
}

export interface ProductListPage {
  data: ProductCard[];
  total_results: number;
  total_pages: number;
  current_page: number;
  limit: number;
  available_products: number;
  unavailable_products: number;
  order_by: string;
  order: string;
  order_name: string;
  /** Counts per option id (as a string) for every group, given the other groups' filters. */
  facets: Partial<Record<string, Record<string, number>>>;
}
