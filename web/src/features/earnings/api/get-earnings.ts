import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { EARNINGS_PATH, EARNINGS_TOPICS } from './keys';
import type { Earnings } from './types';

/** `GET /v2/account/practitioners/earnings`: whether the caller earns, the rate, and the figures per currency. */
export function fetchEarnings(): Promise<Earnings> {
  return apiFetch<Earnings>(EARNINGS_PATH, { auth: 'required' });
}

/** Refetched when the ledger changes on the server (a client paid, a refund, a payout) or the store's payout method. */
export function useEarnings(enabled: boolean) {
  const key = enabled ? EARNINGS_PATH : null;
  useRealtimeKey(EARNINGS_TOPICS, key);
  return useSWR<Earnings, unknown>(key, fetchEarnings);
}
