/** Paths, SWR keys and socket topics of the buyer's orders (`/{lang}/account/orders`). */
export const ORDERS_PATH = '/v2/account/orders';
export const ORDERS_PAGE_SIZE = 10;

/** A placed, paid, shipped, delivered, cancelled or refunded order, on any device of the buyer. */
export const ORDER_TOPICS = ['order.updated'] as const;

export const orderPath = (number: string) => `${ORDERS_PATH}/${encodeURIComponent(number)}`;
export const ordersKey = (page: number) => `${ORDERS_PATH}?page=${String(page)}&limit=${String(ORDERS_PAGE_SIZE)}`;
