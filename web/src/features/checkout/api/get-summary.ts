import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { CHECKOUT_TOPICS, SUMMARY_PATH, summaryKey } from './keys';
import type { Summary } from './types';

/**
 * `GET /v2/checkout/summary?country&shipping_method_id`: the cart priced on the server for that country and
 * method: lines, discount, shipping, VAT (included in the total), and the lines that cannot be bought now.
 */
export function fetchSummary(country: string, methodId: number): Promise<Summary> {
  return apiFetch<Summary>(SUMMARY_PATH, {
    auth: 'required',
    query: { country, shipping_method_id: methodId },
  });
}

/**
 * Refetched when the cart changes on any device. While another country or method is asked, the last
 * summary stays (marked busy) instead of flashing away.
 */
export function useSummary(country: string | null, methodId: number | null) {
  const key = country && methodId !== null ? summaryKey(country, methodId) : null;
  useRealtimeKey(CHECKOUT_TOPICS, key);
  return useSWR<Summary, unknown>(key, () => fetchSummary(country ?? '', methodId ?? 0), { keepPreviousData: true });
}
