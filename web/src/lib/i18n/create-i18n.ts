import { createInstance, type i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, toLocaleTag, type Language } from '../languages';
import { localeRequest, type LocaleRequest } from './locale-request';

/**
 * Spec docs/spec-coverage.md#s9-translation-loader-up-5: up to 5 retries, 350 ms base delay doubling each
 * time, 10 parallel reads.
 */
export const LOCALE_LOADING = {
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
} as const;

export const LOCALE_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';
/** Where development reports keys it could not find (the server takes them only while DEBUG is on). */
export const LOCALE_ADD_PATH = '/locales/add/{{lng}}/{{ns}}';
export const DEFAULT_NAMESPACE = 'common';

/**
 * The namespaces the shell suspends on: its own texts and the header's cart and wishlist links.
 * They are read together at start-up; asked for one by one as each component suspends, every
 * namespace would cost a round trip of its own before the page can show. (The account menu and
 * the search box render without waiting for theirs.)
 */
export const SHELL_NAMESPACES = [DEFAULT_NAMESPACE, 'cart'] as const;

export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_COOKIE_MINUTES = 365 * 24 * 60;

export const DETECTION: DetectorOptions = {
  order: ['cookie', 'navigator'],
  lookupCookie: LANGUAGE_COOKIE,
  cookieMinutes: LANGUAGE_COOKIE_MINUTES,
  cookieOptions: { path: '/', sameSite: 'lax' },
  caches: ['cookie'],
  // Browsers say `zh-TW` or `de-AT`; the shop's codes are `zh_tw` and `de`.
  convertDetectedLanguage: (tag) => matchLanguage(tag) ?? tag,
};

export interface CreateI18nOptions {
  /** The language of the URL, when it has one; otherwise the detector decides. */
  lng?: Language;
  /** Replaces the HTTP request (tests). */
  request?: LocaleRequest;
  /** Report missing keys to LOCALE_ADD_PATH; on in the dev server, off in builds and unit tests. */
  reportMissing?: boolean;
}

/**
 * A configured, initialising i18next instance. The URL is the source of truth for the
 * language: the router calls `changeLanguage` with the first path segment, which also stores
 * it in the `i18next` cookie (read by the detector and by the API client's Accept-Language).
 */
export function createI18n({
  lng,
  request = localeRequest,
  reportMissing = import.meta.env.DEV && import.meta.env.MODE !== 'test',
}: CreateI18nOptions = {}): {
  i18n: I18n;
  ready: Promise<unknown>;
} {
  const i18n = createInstance();
  const backend: HttpBackendOptions = { loadPath: LOCALE_LOAD_PATH, addPath: LOCALE_ADD_PATH, request };
  i18n.on('languageChanged', (language) => {
    const supported = matchLanguage(language);
    if (supported && typeof document !== 'undefined') {
      document.documentElement.lang = toLocaleTag(supported);
    }
  });
  const ready = i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...(lng ? { lng } : {}),
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'currentOnly',
      ns: [...SHELL_NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      backend,
      detection: DETECTION,
      ...LOCALE_LOADING,
      react: { useSuspense: true },
      // Into the file of the language that lacked the key, so a translator sees what to fill in.
      saveMissing: reportMissing,
      saveMissingTo: 'current',
    });
  return { i18n, ready };
}
