import type { CurrencyEarnings, Earnings, LedgerEntry, LedgerPage, MonthEarnings, PayoutAccount } from '../api/types';

/** The 12 months the server would send on 15 November 2026, oldest first, all zero unless given. */
export function months(figures: Record<string, Partial<MonthEarnings>> = {}): MonthEarnings[] {
  const keys = ['2025-12', ...Array.from({ length: 11 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`)];
  return keys.map((month) => ({ month, earned: '0.00', reversed: '0.00', paid: '0.00', adjusted: '0.00', ...figures[month] }));
}

export function currency(extra: Partial<CurrencyEarnings> = {}): CurrencyEarnings {
  return {
    currency: 'EUR',
    balance: '1234.50',
    this_month: '84.20',
    last_month: '61.00',
    next_payout: { on: '2026-12-01', amount: '1234.50', minimum: '50.00', payout_method: 'bank_account' },
    months: months({
      '2026-10': { earned: '70.00', reversed: '-9.00', paid: '-120.00' },
      '2026-11': { earned: '90.20', reversed: '-6.00' },
    }),
    by_client: [
      { id: 4, name: 'Chloe Bennett', earned: '310.00' },
      { id: 9, name: 'Nia New', earned: '155.00' },
    ],
    by_protocol: [
      { id: 7, name: 'Better sleep', earned: '250.00' },
      { id: null, name: '', earned: '40.00' },
    ],
    ...extra,
  };
}

export function earnings(extra: Partial<Earnings> = {}): Earnings {
  return { earns: true, commission_rate: '20.00', currencies: [currency()], ...extra };
}

export function entry(extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: 1,
    kind: 'earned',
    amount: '4.50',
    currency: 'EUR',
    order_number: 'PS-2026-000042',
    client: 'Chloe Bennett',
    protocol: 'Better sleep',
    reason: '',
    at: '2026-11-20T10:00:00Z',
    ...extra,
  };
}

export function ledgerPage(entries: LedgerEntry[], extra: Partial<LedgerPage> = {}): LedgerPage {
  return {
    data: entries,
    current_page: 1,
    limit: 20,
    offset: 0,
    total_pages: entries.length ? 1 : 0,
    total_results: entries.length,
    ...extra,
  };
}

export function payoutAccount(extra: Partial<PayoutAccount> = {}): PayoutAccount {
  return { account_holder: '', iban: '', paypal_email: '', payout_method: 'bank_account', ...extra };
}
