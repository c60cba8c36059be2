import { apiFetch } from '../../../lib/api/http';
import { orderPath } from './keys';
import type { Order } from './types';

/** `POST /v2/account/orders/{number}/cancel`: only while the order awaits payment (409 otherwise). */
export function cancelOrder(number: string): Promise<Order> {
  return apiFetch<Order>(`${orderPath(number)}/cancel`, { method: 'POST', auth: 'required' });
}
