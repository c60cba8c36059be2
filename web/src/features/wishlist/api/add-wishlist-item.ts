import { apiFetch } from '../../../lib/api/http';
import { readWishlist, type WishlistItem } from './wishlist';

/** `POST /v2/account/wishlist {product_variant_id}`: answers the whole list. */
export async function addWishlistItem(productVariantId: number): Promise<WishlistItem[]> {
  const answer = await apiFetch<unknown>('/v2/account/wishlist', {
    method: 'POST',
    auth: 'required',
    body: { product_variant_id: productVariantId },
  });
  return readWishlist(answer);
}
