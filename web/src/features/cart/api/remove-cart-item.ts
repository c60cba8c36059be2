import { apiFetch } from '../../../lib/api/http';
import { readCart, type Cart } from './cart';

/** `DELETE /v2/storefront/cart/items/{product_variant_id}`: removes the line; answers the whole cart. */
export async function removeCartItem(productVariantId: number): Promise<Cart> {
  const answer = await apiFetch<unknown>(`/v2/storefront/cart/items/${productVariantId}`, {
    method: 'DELETE',
    auth: 'required',
  });
  return readCart(answer);
}
