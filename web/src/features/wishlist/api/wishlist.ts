import type { Schemas } from '../../../lib/api/types';

/**
 * Spec docs/spec-coverage.md#s3-wishlist-item "Wishlist item" (money as 2-decimal strings, in the region's
 * currency).
 */
export type WishlistItem = Schemas['WishlistItemOut'];
export type WishlistVariant = Schemas['VariantOut'];

/** The wishlist's path; also its SWR key, so each write's answer lands where `useWishlist` reads. */
export const WISHLIST_KEY = '/v2/account/wishlist';
export const WISHLIST_TOPICS = ['wishlist.updated', 'stock.updated'] as const;

/** Every wishlist answer is `{data: [...]}`; anything else counts as an empty list. */
export function readWishlist(answer: unknown): WishlistItem[] {
  const data = (answer as Partial<Schemas['WishlistOut']> | null)?.data;
  return Array.isArray(data) ? data : [];
}

/** The variant on the list (its price is shown), falling back to the product's first variant. */
export function variantOf(item: WishlistItem): WishlistVariant | undefined {
  return item.variants.find((variant) => variant.id === item.product_variant_id) ?? item.variants[0];
}
