import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { ORDER_TOPICS, ORDERS_PAGE_SIZE, ORDERS_PATH, ordersKey } from './keys';
import type { OrderPage } from './types';

/** `GET /v2/account/orders?page&limit`: the buyer's orders, newest first. */
export function fetchOrders(page: number): Promise<OrderPage> {
  return apiFetch<OrderPage>(ORDERS_PATH, { auth: 'required', query: { page, limit: ORDERS_PAGE_SIZE } });
}

/** Refetched when any order of the buyer changes on any device (`order.updated`). */
export function useOrders(page: number, enabled: boolean) {
  const key = enabled ? ordersKey(page) : null;
  useRealtimeKey(ORDER_TOPICS, key);
  return useSWR<OrderPage, unknown>(key, () => fetchOrders(page));
}
