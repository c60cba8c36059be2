import { toLocaleTag, type Language } from '../languages';

/**
 * A moment the server sent (ISO) as the reader writes it: the date (`22 Nov 2026`, `22.11.2026`) and, with
 * `time`, the time in the visitor's zone; anything unreadable as it came.
 */
export function formatDate(iso: string, language: Language, { time = false }: { time?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(toLocaleTag(language), options).format(date);
}

/**
 * A calendar day the server sent (`YYYY-MM-DD`, no time and no zone) written out in full (`December 19,
 * 2026`): read as that day everywhere, whatever the visitor's zone.
 */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(toLocaleTag(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
