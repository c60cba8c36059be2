import { describe, expect, it } from 'vitest';

import { formatMoney, moneyLocale } from './money';

// Intl puts a no-break space between the amount and the euro sign.
const nbsp = '\u00a0';

describe('formatMoney', () => {
  it('formats by region, not by UI language: the UK store in en-GB, every other region in de-DE', () => {
    expect(moneyLocale('GBP')).toBe('en-GB');
    expect(moneyLocale('gbp')).toBe('en-GB');
    expect(moneyLocale('EUR')).toBe('de-DE');
    expect(formatMoney('1234.5', 'GBP')).toBe('£1,234.50');
    expect(formatMoney('1234.5', 'EUR')).toBe(`1.234,50${nbsp}€`);
    expect(formatMoney(0, 'EUR')).toBe(`0,00${nbsp}€`);
  });

  it('keeps an explicit locale, and shows an unreadable amount as it came', () => {
    expect(formatMoney('12.5', 'EUR', 'en-GB')).toBe('€12.50');
    expect(formatMoney('n/a', 'EUR')).toBe('n/a');
  });
});
