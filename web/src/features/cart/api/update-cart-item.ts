import { apiFetch } from '../../../lib/api/http';
import { readCart, type Cart } from './cart';

/** The server's limit per line. */
export const MAX_QUANTITY = 999;

/**
 * `PUT /v2/storefront/cart/items/{product_variant_id} {quantity}`: sets the line (adding it if missing);
 * 0 removes it (spec: docs/spec-coverage.md#s4-cart-update-quantity-0). Answers the whole cart.
 */
export async function updateCartItem(productVariantId: number, quantity: number): Promise<Cart> {
  const answer = await apiFetch<unknown>(`/v2/storefront/cart/items/${productVariantId}`, {
    method: 'PUT',
    auth: 'required',
    body: { quantity: Math.min(MAX_QUANTITY, Math.max(0, Math.floor(quantity))) },
  });
  return readCart(answer);
}
