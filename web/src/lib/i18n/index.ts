export { createI18n, LANGUAGE_COOKIE } from './create-i18n';
export { detectLanguage } from './detect-language';
export { useCurrentLanguage } from './use-current-language';
