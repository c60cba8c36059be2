/** Paths, SWR keys and socket topics of the checkout (`/{lang}/checkout`; docs/api.md "Checkout and orders"). */
export const CART_PATH = '/v2/storefront/cart';
export const SUMMARY_PATH = '/v2/checkout/summary';
export const PLACE_ORDER_PATH = '/v2/checkout/orders';

/** A change of the cart on any device (`cart.updated`) changes what the checkout sells and costs. */
export const CHECKOUT_TOPICS = ['cart.updated', 'stock.updated'] as const;

/**
 * The checkout reads the cart only to know whether it is empty and how much is left of each line. Its own
 * key, not the cart's: the cart feature keeps its normalised cart under the bare path, and one key must have
 * one fetcher.
 */
export const CHECKOUT_CART_KEY = `checkout:${CART_PATH}`;
export const summaryKey = (country: string, methodId: number) =>
  `${SUMMARY_PATH}?country=${encodeURIComponent(country)}&shipping_method_id=${String(methodId)}`;
