export { createI18n, DEFAULT_NAMESPACE, LANGUAGE_COOKIE, LOCALE_LOADING, SHELL_NAMESPACES } from './create-i18n';
export { detectLanguage } from './detect-language';
export { useCurrentLanguage } from './use-current-language';
