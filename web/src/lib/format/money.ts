const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Spec docs/spec-coverage.md#s9-currency-uk-gbp-en, "Currency": the region decides the format, not the UI
 * language. The UK store prices in GBP and reads `£1,234.50` (en-GB); every other region prices in EUR and
 * reads `1.234,50 €` (de-DE). The amount's currency tells the region, since the API prices in the caller's
 * region (X-Region).
 */
export function moneyLocale(currency: string): 'en-GB' | 'de-DE' {
  return currency.toUpperCase() === 'GBP' ? 'en-GB' : 'de-DE';
}

/**
 * A price in its region's format with 2 decimals. The API sends amounts as strings with two decimals;
 * anything unreadable shows as it came rather than as NaN. `locale` overrides the region's format (the
 * share panel's total is always in the EU format).
 */
export function formatMoney(
  amount: string | number,
  currency: string,
  locale: string = moneyLocale(currency),
): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(value)) return String(amount);
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}
