import { useEffect } from 'react';
import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { registerTopic, useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { STOCK_ALERT_TOPICS, STOCK_ALERTS_PATH } from './keys';

export type StockAlert = Schemas['StockAlertOut'];

/** `GET /v2/account/stock-alerts`: the caller's waiting and answered back-in-stock alerts, oldest first. */
export function fetchStockAlerts(): Promise<StockAlert[]> {
  return apiFetch<StockAlert[]>(STOCK_ALERTS_PATH, { auth: 'required' });
}

/**
 * The signed-in user's alerts, kept current by the socket: an answered one appears without reloading.
 * `followStock` (the alerts page, which shows each size's stock) also refetches when `stock.updated` names
 * one of the listed sizes. The shell's notice leaves it off: that event reaches every socket on every stock
 * change in the shop, and the notice shows no stock.
 */
export function useStockAlerts({ followStock = false }: { followStock?: boolean } = {}) {
  const key = useSignedIn() ? STOCK_ALERTS_PATH : null;
  useRealtimeKey(STOCK_ALERT_TOPICS, key);
  const alerts = useSWR<StockAlert[], unknown>(key, fetchStockAlerts);
  const { data, mutate } = alerts;
  // Joined so a new reply with the same sizes does not re-register.
  const watched = followStock && data ? data.map((alert) => alert.product_variant_id).join(' ') : '';
  useEffect(() => {
    if (!watched) return undefined;
    const variantIds = new Set(watched.split(' ').map(Number));
    return registerTopic('stock.updated', ({ product_variant_ids }) => {
      if (product_variant_ids.some((id) => variantIds.has(id))) void mutate();
    });
  }, [watched, mutate]);
  return alerts;
}
