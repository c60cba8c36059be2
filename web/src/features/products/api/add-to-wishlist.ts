import { apiFetch } from '../../../lib/api/http';

/** POST /v2/account/wishlist {product_variant_id} (spec section 7); the reply shape is not used. */
export function addToWishlist(productVariantId: number): Promise<unknown> {
  return apiFetch<unknown>('/v2/account/wishlist', {
    method: 'POST',
    body: { product_variant_id: productVariantId },
    auth: 'required',
  });
}
