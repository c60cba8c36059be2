import { toLocaleTag, type Language } from '../../../lib/languages';

/** A rate the API sends in percent (`"10.00"`) as the page's language writes a percentage. */
export function formatRate(rate: string, language: Language): string {
  const value = Number.parseFloat(rate);
  if (!Number.isFinite(value)) return rate;
  return new Intl.NumberFormat(toLocaleTag(language), { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}
