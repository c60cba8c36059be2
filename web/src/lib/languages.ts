/**
 * The shop's UI languages. The code is used as-is as the first URL segment and as the
 * locale folder name (`locales/<code>/`), which is why Traditional Chinese is `zh_tw`.
 */
export const LANGUAGES = [
  'en',
  'de',
  'da',
  'es',
  'fr',
  'hu',
  'it',
  'ja',
  'nl',
  'pt',
  'ro',
  'zh_tw',
] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

const LANGUAGE_SET: ReadonlySet<string> = new Set(LANGUAGES);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGE_SET.has(value);
}

/** Two letters, optionally followed by `-xx` or `_xx`: a segment a person meant as a language. */
const LANGUAGE_LIKE = /^[a-z]{2}(?:[-_][a-z]{2})?$/i;

export function looksLikeLanguageCode(segment: string): boolean {
  return LANGUAGE_LIKE.test(segment);
}

/**
 * Maps a browser or cookie language tag (`de-AT`, `zh-Hant-TW`, `pt_BR`) to a supported
 * language, or null. Every Chinese variant maps to `zh_tw`, our only Chinese locale.
 */
export function matchLanguage(tag: string): Language | null {
  const normalized = tag.trim().toLowerCase().replace(/-/g, '_');
  if (isLanguage(normalized)) return normalized;
  const primary = normalized.split('_')[0] ?? '';
  if (primary === 'zh') return 'zh_tw';
  return isLanguage(primary) ? primary : null;
}

/** The language of a URL path: its first segment only, when that is a supported code. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) ? first : null;
}

/**
 * The value of the `Accept-Language` header for API calls (spec: docs/spec-coverage.md#s7-api-calls: `zh_tw`
 * is sent as `zh-tw`).
 */
export function toAcceptLanguage(language: string): string {
  return language.replace(/_/g, '-');
}

/** BCP 47 tag for `<html lang>` and `Intl` APIs. */
export function toLocaleTag(language: Language): string {
  return language === 'zh_tw' ? 'zh-TW' : language;
}

const FLAG_EXCEPTIONS: Partial<Record<Language, string>> = {
  en: 'gb',
  ja: 'jp',
  da: 'dk',
};

/**
 * Lower-case ISO 3166 country code of the flag shown for a language (as flag image sets name
 * them): en to gb, ja to jp, da to dk and every Chinese variant to tw; any other language
 * uses its own code.
 */
export function flagCountry(tag: string): string {
  const language = matchLanguage(tag);
  if (language === 'zh_tw') return 'tw';
  if (language) return FLAG_EXCEPTIONS[language] ?? language;
  return tag.slice(0, 2).toLowerCase();
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Prefixes an internal absolute path with the language, unless it already starts with a
 * supported language segment. Relative paths, external URLs and bare `?query` / `#hash`
 * links are returned unchanged because the router resolves them against the current
 * (already prefixed) location.
 */
export function localizePath(path: string, language: Language): string {
  if (!path.startsWith('/') || EXTERNAL.test(path)) return path;
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const rest = end === -1 ? '' : path.slice(end);
  if (languageFromPath(pathname)) return path;
  const suffix = pathname === '/' ? '' : pathname;
  return `/${language}${suffix}${rest}`;
}

/** The same location in another language: only the first segment changes. */
export function switchLanguageInPath(path: string, language: Language): string {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const rest = end === -1 ? '' : path.slice(end);
  if (!languageFromPath(pathname)) return localizePath(path, language);
  const withoutLanguage = pathname.replace(/^\/[^/]+/, '');
  return `/${language}${withoutLanguage}${rest}`;
}

const languageNames = new Map<Language, string>();

/**
 * The language's own name (`Deutsch`, `日本語`), from the browser's Intl data, capitalised. Made once
 * per language: each `Intl.DisplayNames` loads that locale's data, and the language menu renders all
 * twelve with every render of the header (17 ms of a product page's first load, in Chromium's profile).
 */
export function languageName(language: Language): string {
  let name = languageNames.get(language);
  if (name === undefined) {
    const tag = toLocaleTag(language);
    const own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? language;
    name = own.charAt(0).toLocaleUpperCase(tag) + own.slice(1);
    languageNames.set(language, name);
  }
  return name;
}
