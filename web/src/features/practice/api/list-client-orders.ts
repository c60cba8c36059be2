import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { CLIENT_ORDERS_PATH, HUB_ORDERS_LIMIT } from './keys';
import type { ClientOrderPage } from './types';

/** `GET /v2/account/practitioners/orders?page=1&limit=5`: the newest orders of the practitioner's clients. */
export function fetchClientOrders(): Promise<ClientOrderPage> {
  return apiFetch<ClientOrderPage>(CLIENT_ORDERS_PATH, { auth: 'required', query: { page: 1, limit: HUB_ORDERS_LIMIT } });
}

/** The buyer's `order.updated` reaches the buyer's devices only: this list follows on focus and reload. */
export function useClientOrders(enabled: boolean) {
  const key = enabled ? `${CLIENT_ORDERS_PATH}?page=1&limit=${String(HUB_ORDERS_LIMIT)}` : null;
  return useSWR<ClientOrderPage, unknown>(key, fetchClientOrders);
}
