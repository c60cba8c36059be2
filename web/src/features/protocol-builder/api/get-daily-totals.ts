import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { dailyTotalsPath, PROTOCOL_TOPICS } from './keys';
import type { BuilderTotals } from './types';

/**
 * `GET /v2/account/practitioners/protocols/{protocolId}/daily-totals` (docs/api.md, "Daily doses and daily
 * totals"): the server's totals, and the facts and limits the builder adds the live document up with.
 */
export function fetchDailyTotals(protocolId: number): Promise<BuilderTotals> {
  return apiFetch<BuilderTotals>(dailyTotalsPath(protocolId), { auth: 'required' });
}

/**
 * The totals' facts for the protocol's current variants: the key names them, so a product added on any
 * device fetches its facts, while a dose change (computed here, state/daily-totals.ts) fetches nothing.
 */
export function useDailyTotals(protocolId: number | null, variantIds: readonly number[]) {
  const signedIn = useSignedIn();
  const variants = [...variantIds].sort((a, b) => a - b).join(',');
  const key = signedIn && protocolId !== null ? `${dailyTotalsPath(protocolId)}?variants=${variants}` : null;
  useRealtimeKey(PROTOCOL_TOPICS, key);
  return useSWR<BuilderTotals, unknown>(key, () => fetchDailyTotals(protocolId ?? 0), { keepPreviousData: true });
}
