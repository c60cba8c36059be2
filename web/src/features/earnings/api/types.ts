import type { QueryOf, RequestBody, Schemas } from '../../../lib/api/types';

export type Earnings = Schemas['DashboardOut'];
export type CurrencyEarnings = Schemas['CurrencyOut'];
export type MonthEarnings = Schemas['MonthOut'];
export type EarningsShare = Schemas['ShareOut'];
export type LedgerPage = Schemas['LedgerPageOut'];
export type LedgerEntry = Schemas['EntryOut'];
export type LedgerQuery = QueryOf<'server_earnings_api_ledger'>;
export type PayoutAccount = Schemas['PayoutAccountOut'];
export type PayoutAccountInput = RequestBody<'server_earnings_api_payout_account_update'>;

/** The ledger's kinds, in the order the filter offers them. */
export const ENTRY_KINDS = ['earned', 'reversed', 'paid_out', 'adjustment'] as const satisfies readonly LedgerEntry['kind'][];
export type EntryKind = (typeof ENTRY_KINDS)[number];
