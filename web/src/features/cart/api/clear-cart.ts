import { apiFetch } from '../../../lib/api/http';
import { readCart, type Cart } from './cart';

/**
 * `DELETE /v2/storefront/cart`: empties the cart (spec: docs/spec-coverage.md#s4-loggedout-non-empty-cart
 * "reset"); answers the (empty) cart.
 */
export async function clearCart(): Promise<Cart> {
  return readCart(await apiFetch<unknown>('/v2/storefront/cart', { method: 'DELETE', auth: 'required' }));
}
