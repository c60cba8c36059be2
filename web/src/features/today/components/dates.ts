import { toLocaleTag, type Language } from '../../../lib/languages';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(day: string): Date | null {
  if (!ISO_DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  // `2026-02-30` is not a day, though Date would roll it into March.
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

/** Whether `day` is a real `YYYY-MM-DD` calendar day. */
export function isDay(day: string | null): day is string {
  return day !== null && dayOf(day) !== null;
}

/** The `YYYY-MM-DD` day `n` days after `day` (before it when negative); the days of the API are calendar days. */
export function addDays(day: string, n: number): string {
  const date = dayOf(day);
  if (!date) return day;
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** A day in full, with its weekday (`Tuesday, December 8, 2026`), the same wherever the visitor is. */
export function formatFullDay(day: string, language: Language): string {
  const date = dayOf(day);
  if (!date) return day;
  return new Intl.DateTimeFormat(toLocaleTag(language), { dateStyle: 'full', timeZone: 'UTC' }).format(date);
}
