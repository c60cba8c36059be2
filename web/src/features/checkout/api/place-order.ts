import { apiFetch } from '../../../lib/api/http';
import { PLACE_ORDER_PATH } from './keys';
import type { PlaceOrderBody, PlacedOrder } from './types';

/**
 * `POST /v2/checkout/orders` with `Idempotency-Key`: an order of the cart as it is on the server (201), or,
 * for the same key and body again, the order made the first time (200). Either answers where to pay.
 */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<PlacedOrder> {
  return apiFetch<PlacedOrder>(PLACE_ORDER_PATH, {
    method: 'POST',
    auth: 'required',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
