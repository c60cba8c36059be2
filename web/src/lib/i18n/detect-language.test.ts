import { afterEach, describe, expect, it, vi } from 'vitest';

import { createI18n } from './create-i18n';
import { detectLanguage } from './detect-language';

const never = () => undefined;

describe('detectLanguage', () => {
  afterEach(() => {
    document.cookie = 'i18next=; max-age=0; path=/';
  });

  it('prefers the i18next cookie', () => {
    document.cookie = 'i18next=hu; path=/';
    expect(detectLanguage(createI18n({ lng: 'en', request: never }).i18n)).toBe('hu');
  });

  it('falls back to the browser languages, mapping Chinese to zh_tw', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['sv-SE', 'zh-TW', 'en']);
    expect(detectLanguage(createI18n({ lng: 'en', request: never }).i18n)).toBe('zh_tw');
  });

  it('ignores an unsupported cookie value', () => {
    document.cookie = 'i18next=klingon; path=/';
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nl-BE']);
    expect(detectLanguage(createI18n({ lng: 'en', request: never }).i18n)).toBe('nl');
  });

  it('defaults to English', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['sv-SE']);
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('sv-SE');
    expect(detectLanguage(createI18n({ lng: 'en', request: never }).i18n)).toBe('en');
  });

  it('stores the language in a cookie for 365 days when it changes', async () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    const { i18n } = createI18n({ lng: 'en', request: never });
    void i18n.changeLanguage('ro');
    await vi.waitFor(() => {
      expect(set).toHaveBeenCalledWith(expect.stringMatching(/^i18next=ro;/));
    });
    const written = set.mock.calls.map(([value]) => value).find((value) => value.startsWith('i18next=ro;')) ?? '';
    const expires = /expires=([^;]+)/i.exec(written)?.[1] ?? '';
    const days = (Date.parse(expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
  });
});
