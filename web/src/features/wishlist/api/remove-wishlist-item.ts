import { apiFetch } from '../../../lib/api/http';
import { readWishlist, type WishlistItem } from './wishlist';

/** `DELETE /v2/account/wishlist {product_variant_id}`: answers the whole list. */
export async function removeWishlistItem(productVariantId: number): Promise<WishlistItem[]> {
  const answer = await apiFetch<unknown>('/v2/account/wishlist', {
    method: 'DELETE',
    auth: 'required',
    body: { product_variant_id: productVariantId },
  });
  return readWishlist(answer);
}
