import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { ORDER_TOPICS, orderPath } from './keys';
import type { Order } from './types';

/** `GET /v2/account/orders/{number}`: one of the buyer's orders with its lines and history. */
export function fetchOrder(number: string): Promise<Order> {
  return apiFetch<Order>(orderPath(number), { auth: 'required' });
}

/** Follows the order live: a payment finished on a phone shows as paid here without a reload. */
export function useOrder(number: string, enabled: boolean) {
  const key = enabled ? orderPath(number) : null;
  useRealtimeKey(ORDER_TOPICS, key);
  return useSWR<Order, unknown>(key, () => fetchOrder(number), {
    // Another buyer's or an unknown order is a 404: asking again will not change that.
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
  });
}
