import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { LEDGER_PATH, LEDGER_TOPICS, ledgerKey, ledgerQuery, type LedgerFilters } from './keys';
import type { LedgerPage, LedgerQuery } from './types';

/** `GET /v2/account/practitioners/earnings/ledger?page&limit&kind&from&to`: the caller's entries, newest first. */
export function fetchLedger(filters: LedgerFilters, page: number): Promise<LedgerPage> {
  const query: LedgerQuery = ledgerQuery(filters, page);
  return apiFetch<LedgerPage>(LEDGER_PATH, { auth: 'required', query });
}

/**
 * The page of the ledger the filters ask for, refetched on `earnings.updated`. The last page stays shown
 * while the next one loads; a refused filter (422) is not asked again until it changes.
 */
export function useLedger(filters: LedgerFilters, page: number, enabled: boolean) {
  const key = enabled ? ledgerKey(filters, page) : null;
  useRealtimeKey(LEDGER_TOPICS, key);
  return useSWR<LedgerPage, unknown>(key, () => fetchLedger(filters, page), {
    keepPreviousData: true,
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}
