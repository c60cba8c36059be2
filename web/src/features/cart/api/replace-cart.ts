import { apiFetch } from '../../../lib/api/http';
import { readCart, type Cart } from './cart';

export interface CartLineInput {
  product_variant_id: number;
  quantity: number;
}

/** `PUT /v2/storefront/cart {items}`: sets the whole cart (spec section 4 "set the whole cart"). */
export async function replaceCart(items: readonly CartLineInput[]): Promise<Cart> {
  const answer = await apiFetch<unknown>('/v2/storefront/cart', {
    method: 'PUT',
    auth: 'required',
    body: { items: items.map((item) => ({ product_variant_id: item.product_variant_id, quantity: item.quantity })) },
  });
  return readCart(answer);
}
