import { toLocaleTag, type Language } from '../../../lib/languages';

/** A date (and with `time`, the time) in the page's language; anything unreadable as it came. */
export function formatOrderDate(iso: string, language: Language, time = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(toLocaleTag(language), time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}
