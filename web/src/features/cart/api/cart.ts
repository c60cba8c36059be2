import { currencyOf, getRegion } from '../../../lib/session/region';
import type { Schemas } from '../../../lib/api/types';

/**
 * Spec docs/spec-coverage.md#s3-cart "Cart", with the line fields our server adds; money is a 2-decimal
 * string.
 */
export type Cart = Schemas['CartOut'];
export type CartItem = Schemas['CartItemOut'];

/** The cart's path; also its SWR key, so every write's answer lands where `useCart` reads. */
export const CART_KEY = '/v2/storefront/cart';
/** Socket topics after which the cart is refetched (docs/api.md: the event is a refetch hint). */
// `stock.updated`: a line may have sold out or come back while the cart is open on another device.
export const CART_TOPICS = ['cart.updated', 'stock.updated'] as const;

export function emptyCart(): Cart {
  return {
    items: [],
    total_items: 0,
    total_price: '0.00',
    total_discount: '0.00',
    total_price_after_discount: '0.00',
    discount_rate: '0.00',
    currency: currencyOf(getRegion()),
  };
}

/**
 * Every cart answer goes through here. Spec docs/spec-coverage.md#s4-server-answer-total-key: "If the server
 * answer has a total key, the cart is treated as empty" (an answer shaped as a bare total is not a cart). A
 * reply without an items list is not a cart either.
 */
export function readCart(answer: unknown): Cart {
  if (typeof answer !== 'object' || answer === null || 'total' in answer) return emptyCart();
  const cart = answer as Partial<Cart>;
  if (!Array.isArray(cart.items)) return emptyCart();
  const empty = emptyCart();
  return {
    items: cart.items,
    total_items: cart.total_items ?? cart.items.reduce((sum, item) => sum + item.quantity, 0),
    total_price: cart.total_price ?? empty.total_price,
    total_discount: cart.total_discount ?? empty.total_discount,
    total_price_after_discount: cart.total_price_after_discount ?? cart.total_price ?? empty.total_price,
    discount_rate: cart.discount_rate ?? empty.discount_rate,
    currency: cart.currency ?? empty.currency,
  };
}
