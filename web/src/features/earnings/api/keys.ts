import type { EntryKind } from './types';

/** Paths, SWR keys and socket topics of the practitioner's earnings (`/{lang}/account/practitioner/earnings`). */
export const EARNINGS_PATH = '/v2/account/practitioners/earnings';
export const LEDGER_PATH = `${EARNINGS_PATH}/ledger`;
export const PAYOUT_ACCOUNT_PATH = `${EARNINGS_PATH}/payout-account`;
export const LEDGER_PAGE_SIZE = 20;

/**
 * A client paid, an order was refunded, a payout or an adjustment (`earnings.updated`); the store's payout
 * method (`store.updated`, changed in the store editor) decides the next payout and where it goes.
 */
export const EARNINGS_TOPICS = ['earnings.updated', 'store.updated'] as const;
export const LEDGER_TOPICS = ['earnings.updated'] as const;
export const PAYOUT_ACCOUNT_TOPICS = ['store.updated'] as const;

/** The ledger's filters as the form holds them: `''` is "any"; days are `YYYY-MM-DD`. */
export interface LedgerFilters {
  kind: EntryKind | '';
  from: string;
  to: string;
}

export const NO_FILTERS: LedgerFilters = { kind: '', from: '', to: '' };

export function ledgerQuery(filters: LedgerFilters, page: number) {
  return {
    page,
    limit: LEDGER_PAGE_SIZE,
    kind: filters.kind || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export function ledgerKey(filters: LedgerFilters, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(ledgerQuery(filters, page))) {
    if (value !== undefined) params.set(name, String(value));
  }
  return `${LEDGER_PATH}?${params.toString()}`;
}

export type StatementFormat = 'csv' | 'pdf';

/** `YYYY-MM.csv` or `YYYY-MM.pdf`: the month's statement in one currency. */
export const statementPath = (month: string, format: StatementFormat) =>
  `${EARNINGS_PATH}/statements/${encodeURIComponent(`${month}.${format}`)}`;
