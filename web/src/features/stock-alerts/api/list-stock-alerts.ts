import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { STOCK_ALERT_TOPICS, STOCK_ALERTS_PATH } from './keys';

export type StockAlert = Schemas['StockAlertOut'];

/** `GET /v2/account/stock-alerts`: the caller's waiting and answered back-in-stock alerts, oldest first. */
export function fetchStockAlerts(): Promise<StockAlert[]> {
  return apiFetch<StockAlert[]>(STOCK_ALERTS_PATH, { auth: 'required' });
}

/** The signed-in user's alerts, kept current by the socket: an answered one appears without reloading. */
export function useStockAlerts() {
  const key = useSignedIn() ? STOCK_ALERTS_PATH : null;
  useRealtimeKey(STOCK_ALERT_TOPICS, key);
  return useSWR<StockAlert[], unknown>(key, fetchStockAlerts);
}
