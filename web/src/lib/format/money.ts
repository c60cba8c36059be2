import { toLocaleTag, type Language } from '../languages';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A price as the shopper reads it in their language: `£10.95`, `10,95 €`. The API sends amounts as
 * strings with two decimals; anything unreadable shows as it came rather than as NaN.
 */
export function formatMoney(amount: string | number, currency: string, language: Language): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(value)) return String(amount);
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(toLocaleTag(language), { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}
