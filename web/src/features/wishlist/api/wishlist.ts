/** Spec section 3 "Wishlist item" (money as 2-decimal strings, in the region's currency). */
export interface WishlistVariant {
  id: number;
  sku: string;
  price: string;
  currency: string;
  unit_of_measure: string;
  weight: string | null;
  availability: number;
}

export interface WishlistAsset {
  asset_id: number;
  asset_order: number;
  is_primary: boolean;
  image_url: string;
  alt_text?: string;
  thumbnails: { thumbnail_75?: string; thumbnail_125?: string; thumbnail_250?: string };
}

export interface WishlistItem {
  wishlist_item_id: number;
  product_id: number;
  product_variant_id: number;
  brand: { brand_id: number; name: string; slug: string };
  product: { name: string; slug: string };
  variants: WishlistVariant[];
  assets: WishlistAsset[];
}

/** The wishlist's path; also its SWR key, so each write's answer lands where `useWishlist` reads. */
export const WISHLIST_KEY = '/v2/account/wishlist';
export const WISHLIST_TOPICS = ['wishlist.updated'] as const;

/** Every wishlist answer is `{data: [...]}`; anything else counts as an empty list. */
export function readWishlist(answer: unknown): WishlistItem[] {
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as WishlistItem[]) : [];
}

/** The variant on the list (its price is shown), falling back to the product's first variant. */
export function variantOf(item: WishlistItem): WishlistVariant | undefined {
  return item.variants.find((variant) => variant.id === item.product_variant_id) ?? item.variants[0];
}
