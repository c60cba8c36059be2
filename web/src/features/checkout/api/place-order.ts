import { apiFetch } from '../../../lib/api/http';
import { PLACE_ORDER_PATH } from './keys';
import type { PlaceOrderBody, PlacedOrder } from './types';

/**
 * A new `Idempotency-Key` for one checkout attempt. `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); elsewhere the same 122 random bits come from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
