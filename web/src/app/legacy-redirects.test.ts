import { describe, expect, it } from 'vitest';

import { LEGACY_COLLECTION_TARGET, LEGACY_EXACT_REDIRECTS, resolveLegacyRedirect } from './legacy-redirects';

describe('resolveLegacyRedirect', () => {
  it('maps the exact old URLs of the spec', () => {
    expect(resolveLegacyRedirect('/pages/practitioners-information')).toBe('/practitioners-information');
    expect(resolveLegacyRedirect('/account/register')).toBe('/onboarding/register-as');
    expect(resolveLegacyRedirect('/pages/amrita-3-0')).toBe('/');
    expect(Object.keys(LEGACY_EXACT_REDIRECTS)).toHaveLength(3);
  });

  it('keeps the query of exact matches and ignores a trailing slash', () => {
    expect(resolveLegacyRedirect('/account/register/', '?ref=mail')).toBe('/onboarding/register-as?ref=mail');
  });

  it('matches exactly, not by prefix', () => {
    expect(resolveLegacyRedirect('/account/register/extra')).toBeNull();
    expect(resolveLegacyRedirect('/pages/amrita-3-0-old')).toBeNull();
  });

  it('drops the trailing numeric id of old product URLs', () => {
    expect(resolveLegacyRedirect('/products/some-slug-12345')).toBe('/products/some-slug');
    expect(resolveLegacyRedirect('/products/omega-3-fish-oil-7483920174', '?variant=2')).toBe(
      '/products/omega-3-fish-oil?variant=2',
    );
  });

  it('keeps product slugs that end in a short number or have no id', () => {
    expect(resolveLegacyRedirect('/products/magnesium-citrate-200')).toBeNull();
    expect(resolveLegacyRedirect('/products/vitamin-d3')).toBeNull();
    expect(resolveLegacyRedirect('/products')).toBeNull();
  });

  it('sends old collections to the product list ordered by id, newest first', () => {
    expect(LEGACY_COLLECTION_TARGET).toBe('/products?order_by=id&order=desc');
    expect(resolveLegacyRedirect('/collections/immune-support', '?page=3')).toBe(LEGACY_COLLECTION_TARGET);
    expect(resolveLegacyRedirect('/collections')).toBeNull();
  });

  it('leaves other paths alone', () => {
    expect(resolveLegacyRedirect('/')).toBeNull();
    expect(resolveLegacyRedirect('/cart')).toBeNull();
  });
});
