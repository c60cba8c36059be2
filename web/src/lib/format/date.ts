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
