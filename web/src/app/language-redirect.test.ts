import { describe, expect, it } from 'vitest';

import { resolveLanguageRedirect } from './language-redirect';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('resolveLanguageRedirect', () => {
  it('does nothing when the first segment is a supported language', () => {
    expect(resolveLanguageRedirect(at('/de/products'), 'en')).toBeNull();
    expect(resolveLanguageRedirect(at('/zh_tw'), 'en')).toBeNull();
    expect(resolveLanguageRedirect(at('/en/xx/products'), 'de')).toBeNull();
  });

  it('sends the root to the detected language', () => {
    expect(resolveLanguageRedirect(at('/'), 'fr')).toEqual({ to: '/fr', reason: 'missing' });
    expect(resolveLanguageRedirect(at('/', '?utm=1'), 'en')).toEqual({ to: '/en?utm=1', reason: 'missing' });
  });

  it('prefixes a path without language, keeping query and hash', () => {
    expect(resolveLanguageRedirect(at('/products/omega', '?a=1', '#x'), 'de')).toEqual({
      to: '/de/products/omega?a=1#x',
      reason: 'missing',
    });
  });

  it('replaces an unsupported language-like segment', () => {
    expect(resolveLanguageRedirect(at('/sv/products', '?a=1'), 'en')).toEqual({
      to: '/en/products?a=1',
      reason: 'unsupported',
    });
    expect(resolveLanguageRedirect(at('/zh-tw/cart'), 'ja')).toEqual({ to: '/ja/cart', reason: 'unsupported' });
    expect(resolveLanguageRedirect(at('/pt_br'), 'pt')).toEqual({ to: '/pt', reason: 'unsupported' });
  });

  it('maps old store URLs before adding the language', () => {
    expect(resolveLanguageRedirect(at('/pages/amrita-3-0'), 'de')).toEqual({ to: '/de', reason: 'legacy' });
    expect(resolveLanguageRedirect(at('/account/register'), 'en')).toEqual({
      to: '/en/onboarding/register-as',
      reason: 'legacy',
    });
    expect(resolveLanguageRedirect(at('/collections/sleep'), 'fr')).toEqual({
      to: '/fr/products?order_by=id&order=desc',
      reason: 'legacy',
    });
    expect(resolveLanguageRedirect(at('/products/zinc-99887766'), 'en')).toEqual({
      to: '/en/products/zinc',
      reason: 'legacy',
    });
  });

  it('never produces a protocol-relative target', () => {
    expect(resolveLanguageRedirect(at('//evil.example/x'), 'en')).toEqual({
      to: '/en/evil.example/x',
      reason: 'missing',
    });
  });
});
