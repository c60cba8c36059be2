import { createI18n } from '../lib/i18n';

/**
 * The i18n instance the app tests share. It loads the real locale files through MSW, so a
 * missing or broken translation shows up in the tests.
 */
export const { i18n: testI18n, ready: testI18nReady } = createI18n({ lng: 'en' });
