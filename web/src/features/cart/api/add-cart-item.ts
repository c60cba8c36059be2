import { apiFetch } from '../../../lib/api/http';
import { readCart, type Cart } from './cart';

/** `POST /v2/storefront/cart/items`: adds, merging by variant (spec section 4); answers the whole cart. */
export async function addCartItem(productVariantId: number, quantity = 1): Promise<Cart> {
  const answer = await apiFetch<unknown>('/v2/storefront/cart/items', {
    method: 'POST',
    auth: 'required',
    // Spec section 5: adding with a count under 1 adds 1.
    body: { product_variant_id: productVariantId, quantity: Math.max(1, Math.floor(quantity)) },
  });
  return readCart(answer);
}
