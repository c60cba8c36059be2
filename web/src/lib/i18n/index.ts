export { createI18n, DEFAULT_NAMESPACE, LANGUAGE_COOKIE, LOCALE_LOADING } from './create-i18n';
export { detectLanguage } from './detect-language';
export { useCurrentLanguage } from './use-current-language';
