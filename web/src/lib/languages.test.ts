import { describe, expect, it } from 'vitest';

import {
  flagCountry,
  isLanguage,
  languageFromPath,
  languageName,
  LANGUAGES,
  localizePath,
  looksLikeLanguageCode,
  matchLanguage,
  switchLanguageInPath,
  toAcceptLanguage,
  toLocaleTag,
} from './languages';

describe('languages', () => {
  it('lists the 12 shop languages', () => {
    expect(LANGUAGES).toEqual(['en', 'de', 'da', 'es', 'fr', 'hu', 'it', 'ja', 'nl', 'pt', 'ro', 'zh_tw']);
    expect(isLanguage('zh_tw')).toBe(true);
    expect(isLanguage('zh-tw')).toBe(false);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('recognises segments that look like language codes', () => {
    for (const code of ['xx', 'EN', 'pt-br', 'zh_cn', 'ZH-TW']) expect(looksLikeLanguageCode(code)).toBe(true);
    for (const segment of ['products', 'x', 'abc', 'en-', 'pt-bra', 'e1', '']) {
      expect(looksLikeLanguageCode(segment)).toBe(false);
    }
  });

  it('matches browser tags to shop languages', () => {
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('pt_BR')).toBe('pt');
    expect(matchLanguage('zh-TW')).toBe('zh_tw');
    expect(matchLanguage('zh-Hant-HK')).toBe('zh_tw');
    expect(matchLanguage('zh')).toBe('zh_tw');
    expect(matchLanguage('EN')).toBe('en');
    expect(matchLanguage('sv-SE')).toBeNull();
  });

  it('reads the language from the first path segment only', () => {
    expect(languageFromPath('/de/products')).toBe('de');
    expect(languageFromPath('/zh_tw')).toBe('zh_tw');
    expect(languageFromPath('/products/de')).toBeNull();
    expect(languageFromPath('/')).toBeNull();
  });

  it('maps zh_tw to zh-tw for Accept-Language and zh-TW for BCP 47', () => {
    expect(toAcceptLanguage('zh_tw')).toBe('zh-tw');
    expect(toAcceptLanguage('fr')).toBe('fr');
    expect(toLocaleTag('zh_tw')).toBe('zh-TW');
    expect(toLocaleTag('ja')).toBe('ja');
  });

  it('maps languages to flag countries', () => {
    expect(flagCountry('en')).toBe('gb');
    expect(flagCountry('ja')).toBe('jp');
    expect(flagCountry('da')).toBe('dk');
    expect(flagCountry('zh_tw')).toBe('tw');
    expect(flagCountry('zh-CN')).toBe('tw');
    expect(flagCountry('de')).toBe('de');
    expect(flagCountry('fr-CA')).toBe('fr');
  });

  it('names each language in that language', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('es')).toBe('Español');
    expect(languageName('ja')).toBe('日本語');
    expect(languageName('zh_tw')).toMatch(/^中文/);
    expect(new Set(LANGUAGES.map(languageName)).size).toBe(LANGUAGES.length);
  });
});

describe('localizePath', () => {
  it('prefixes internal absolute paths', () => {
    expect(localizePath('/products', 'de')).toBe('/de/products');
    expect(localizePath('/products/omega-3?x=1#top', 'fr')).toBe('/fr/products/omega-3?x=1#top');
    expect(localizePath('/', 'ja')).toBe('/ja');
    expect(localizePath('/?q=1', 'ja')).toBe('/ja?q=1');
  });

  it('leaves paths that already start with a language alone', () => {
    expect(localizePath('/de/products', 'de')).toBe('/de/products');
    expect(localizePath('/de', 'de')).toBe('/de');
    expect(localizePath('/de?x=1', 'de')).toBe('/de?x=1');
    expect(localizePath('/zh_tw/cart', 'zh_tw')).toBe('/zh_tw/cart');
    // An explicit link to another language stays as written.
    expect(localizePath('/fr/products', 'de')).toBe('/fr/products');
  });

  it('does not mistake a segment that merely starts like a language for one', () => {
    expect(localizePath('/deals', 'de')).toBe('/de/deals');
    expect(localizePath('/english', 'en')).toBe('/en/english');
  });

  it('leaves relative, hash, query and external links alone', () => {
    expect(localizePath('details', 'de')).toBe('details');
    expect(localizePath('#reviews', 'de')).toBe('#reviews');
    expect(localizePath('?page=2', 'de')).toBe('?page=2');
    expect(localizePath('https://example.com/a', 'de')).toBe('https://example.com/a');
    expect(localizePath('//cdn.example.com/a', 'de')).toBe('//cdn.example.com/a');
    expect(localizePath('mailto:shop@example.com', 'de')).toBe('mailto:shop@example.com');
  });
});

describe('switchLanguageInPath', () => {
  it('replaces only the language segment', () => {
    expect(switchLanguageInPath('/en/products/omega?x=1#a', 'de')).toBe('/de/products/omega?x=1#a');
    expect(switchLanguageInPath('/en', 'zh_tw')).toBe('/zh_tw');
    expect(switchLanguageInPath('/zh_tw/account', 'en')).toBe('/en/account');
  });

  it('prefixes a path that has no language', () => {
    expect(switchLanguageInPath('/products', 'it')).toBe('/it/products');
  });
});
