import { toLocaleTag, type Language } from '../../../lib/languages';

/** A date the server sent (ISO) as the reader writes it: `22 Nov 2026`, `22.11.2026`. */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(toLocaleTag(language), { dateStyle: 'medium' }).format(date);
}
