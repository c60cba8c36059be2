import { toLocaleTag, type Language } from '../../../lib/languages';

/** The first day of a `YYYY-MM` month, at midnight UTC (months and days of the API are UTC). */
function monthStart(month: string): Date | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** A `YYYY-MM` month in the page's language: `March 2026`, or with `short`, `Mar 26`. */
export function formatMonth(month: string, language: Language, style: 'long' | 'short' = 'long'): string {
  const start = monthStart(month);
  if (!start) return month;
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'short', year: '2-digit', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(toLocaleTag(language), options).format(start);
}

/** A `YYYY-MM-DD` day (the next payout) in the page's language. */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(toLocaleTag(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A percentage as the API sends it (`"20.00"`) as a number in the page's language: `20`, `12,5`. */
export function formatRate(rate: string, language: Language): string {
  const value = Number.parseFloat(rate);
  if (!Number.isFinite(value)) return rate;
  return new Intl.NumberFormat(toLocaleTag(language), { maximumFractionDigits: 2 }).format(value);
}

/** The `count` months up to the one of `now` (UTC), newest first, as `YYYY-MM`. */
export function lastMonths(now: Date, count = 12): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back += 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${String(date.getUTCFullYear())}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}
