import type { i18n as I18n } from 'i18next';

import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '../languages';

/**
 * The language for a URL without a valid language: the `i18next` cookie, then the browser's
 * languages, then English.
 */
export function detectLanguage(i18n: I18n): Language {
  // i18next types its plugins loosely; the browser detector's detect() returns a tag or a list.
  const detector = i18n.services.languageDetector as { detect?: () => unknown } | undefined;
  const found = detector?.detect?.();
  const candidates = Array.isArray(found) ? found : [found];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const language = matchLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
