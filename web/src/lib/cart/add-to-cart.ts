/**
 * Putting things into the cart from any screen: the one home of the two "add" calls (spec:
 * docs/spec-coverage.md#s7-cart), for the cart itself and for the features that sell from their own screens
 * (product page, wishlist, shared and linked protocols, store page). Both answer the whole cart.
 */
import { apiFetch } from '../api/http';
import type { Schemas } from '../api/types';
import { notifyTopic } from '../realtime/topic-registry';

export type CartReply = Schemas['CartOut'];

/**
 * `POST /v2/storefront/cart/items`: adds, merging by variant (spec:
 * docs/spec-coverage.md#s4-cart-add-merges-product); a count under 1 adds 1 (spec:
 * docs/spec-coverage.md#s5-quantity).
 */
export function postCartItem(productVariantId: number, quantity = 1): Promise<CartReply> {
  return apiFetch<CartReply>('/v2/storefront/cart/items', {
    method: 'POST',
    auth: 'required',
    body: { product_variant_id: productVariantId, quantity: Math.max(1, Math.floor(quantity)) } satisfies Schemas['CartItemIn'],
  });
}

/** `POST /v2/storefront/cart/protocols/{id}[?link_token=]`: every available line of a protocol shared with the caller (or reached by its link). */
export function postCartProtocol(protocolId: number, linkToken?: string): Promise<CartReply> {
  return apiFetch<CartReply>(`/v2/storefront/cart/protocols/${protocolId}`, {
    method: 'POST',
    auth: 'required',
    query: { link_token: linkToken || undefined },
  });
}

/**
 * From a screen other than the cart's: add, then tell this tab's cart screens at once through the topic
 * registry (the socket's `cart.updated` tells the other devices, and this tab only a moment later).
 */
export async function addVariantToCart(productVariantId: number, quantity = 1): Promise<CartReply> {
  const cart = await postCartItem(productVariantId, quantity);
  notifyTopic('cart.updated', { total_items: cart.total_items });
  return cart;
}

export async function addProtocolToCart(protocolId: number, linkToken?: string): Promise<CartReply> {
  const cart = await postCartProtocol(protocolId, linkToken);
  notifyTopic('cart.updated', { total_items: cart.total_items });
  return cart;
}
