import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { readCart, type Cart } from './cart';

export type CartLineInput = Schemas['CartItemIn'];

/**
 * `PUT /v2/storefront/cart {items}`: sets the whole cart (spec: docs/spec-coverage.md#s4-cart-set-whole-cart
 * "set the whole cart").
 */
export async function replaceCart(items: readonly CartLineInput[]): Promise<Cart> {
  const answer = await apiFetch<unknown>('/v2/storefront/cart', {
    method: 'PUT',
    auth: 'required',
    body: { items: items.map((item) => ({ product_variant_id: item.product_variant_id, quantity: item.quantity })) },
  });
  return readCart(answer);
}
