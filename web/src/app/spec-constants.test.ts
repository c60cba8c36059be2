/**
 * Spec docs/spec-coverage.md#s9, "Business constants and limits": each figure the web app holds, checked
 * against the spec's value in one place (docs/spec-coverage.md#s9 points here). The server's figures
 * are checked in server/core/tests/test_spec_constants.py.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { PASSWORD_MIN_LENGTH } from '../features/auth/components/password-rules';
import { DEFAULT_ORDERING, PAGE_SIZE } from '../features/products/state/filter-query';
import { FIRST_PAGE, PROTOCOL_PAGE_SIZE } from '../features/protocol-builder/api/keys';
import { CLIENT_SEARCH_LIMIT } from '../features/protocol-builder/api/search-clients';
import { PROTOCOL_SEARCH_LIMIT } from '../features/protocol-builder/api/search-protocols';
import { NOTE_SCROLL_CHARS } from '../features/protocol-builder/components/limits';
import { thumbnailCountFor } from '../features/protocol-builder/components/thumbnail-count';
import { SEARCH_DEBOUNCE_MS as BUILDER_SEARCH_DEBOUNCE_MS } from '../features/protocol-builder/components/use-debounced-value';
import { CLIENT_SEARCH_MIN_EXCLUSIVE, DISCOUNT_PRESETS } from '../features/protocol-builder/share/share-form-rules';
import { ACTIVE_PROTOCOL_LIFETIME_MS } from '../features/protocol-builder/state/active-protocol-cache';
import { BUILDER_WIDTH } from '../features/protocol-builder/state/builder-state';
import { POPULAR_CACHE_MS } from '../features/search/api/popular-products';
import { PRIORITIES, SEARCH_CALL_PER_PAGE } from '../features/search/api/search-products';
import { RESULTS_PER_PAGE } from '../features/search/components/search-box';
import { MAX_RECENT } from '../features/search/state/recent-searches';
import { SEARCH_DEBOUNCE_MS } from '../features/search/state/search-store';
import { FLAGS } from '../components/icons/flags';
import { ICON_FAMILIES } from '../components/icons/icon';
import { PAYMENT_LOGOS } from '../components/icons/payment-logos';
import { IMAGE_FALLBACK_ATTEMPTS } from '../components/ui/product-image';
import { DATA_CACHE_MS, dataCacheConfig } from '../lib/api/data-cache';
import { formatMoney, moneyLocale } from '../lib/format/money';
import { LANGUAGE_COOKIE_MINUTES, LOCALE_LOADING } from '../lib/i18n/create-i18n';
import { DEFAULT_LANGUAGE, flagCountry, LANGUAGES } from '../lib/languages';
import { DISMISSAL_LIFETIME_MS, DISMISSAL_QUIET_MS, LOCATION_LIFETIME_MS } from '../lib/session/region';
import { LOCATION_POLL_ATTEMPTS, LOCATION_POLL_MS, REGION_CHECK_MS } from '../lib/session/region-sync';
import { STORAGE_PREFIX } from '../lib/session/stored-value';
import { TOKEN_REFRESH_MS } from '../lib/session/token-refresh';
import { DEFAULT_TOAST_MS, TOAST_MS } from '../lib/toast/toast-store';
import { TYPE_AHEAD_RESET_MS } from '../lib/ui/type-ahead';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the business constants (spec: docs/spec-coverage.md#s9)', () => {
  it('supported languages: the 12, with en as fallback and initial language', () => {
    expect([...LANGUAGES]).toEqual(['en', 'de', 'da', 'es', 'fr', 'hu', 'it', 'ja', 'nl', 'pt', 'ro', 'zh_tw']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('flag mapping: en to GB, ja to jp, da to dk, zh variants to tw, and a drawn flag for each', () => {
    expect(flagCountry('en')).toBe('gb');
    expect(flagCountry('ja')).toBe('jp');
    expect(flagCountry('da')).toBe('dk');
    expect(['zh_tw', 'zh-TW', 'zh-CN', 'zh'].map(flagCountry)).toEqual(['tw', 'tw', 'tw', 'tw']);
    expect(LANGUAGES.map(flagCountry).filter((country) => !(country in FLAGS))).toEqual([]);
  });

  it('translation loader: 5 retries, 350 ms base delay, 10 parallel reads; language cookie 365 days', () => {
    expect(LOCALE_LOADING).toEqual({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
    expect(LANGUAGE_COOKIE_MINUTES).toBe(365 * 24 * 60);
  });

  it('products page size 26; default ordering id descending, order_name 1', () => {
    expect(PAGE_SIZE).toBe(26);
    expect(DEFAULT_ORDERING).toEqual({ order_by: 'id', order: 'desc', order_name: '1' });
  });

  it('access token refresh every 3,300,000 ms (55 min)', () => {
    expect(TOKEN_REFRESH_MS).toBe(3_300_000);
    expect(TOKEN_REFRESH_MS).toBe(55 * MINUTE);
  });

  it('country lookup cached 1 hour, rechecked every 2 minutes; location cache polled up to 20 times at 200 ms', () => {
    expect(LOCATION_LIFETIME_MS).toBe(HOUR);
    expect(REGION_CHECK_MS).toBe(2 * MINUTE);
    expect([LOCATION_POLL_ATTEMPTS, LOCATION_POLL_MS]).toEqual([20, 200]);
  });

  it('stored-value keys carry a product prefix (and an expiry, see stored-value.ts)', () => {
    expect(STORAGE_PREFIX).toBe('practitioner-supplements:');
  });

  it('protocol list: page size 5, page 1; protocol search: debounce 500 ms, limit 50', () => {
    expect([PROTOCOL_PAGE_SIZE, FIRST_PAGE]).toEqual([5, 1]);
    expect([BUILDER_SEARCH_DEBOUNCE_MS, PROTOCOL_SEARCH_LIMIT]).toEqual([500, 50]);
  });

  it('client search: debounce 500 ms, more than 2 characters, limit 100; preset discounts 0 to 20 by 5', () => {
    expect([BUILDER_SEARCH_DEBOUNCE_MS, CLIENT_SEARCH_MIN_EXCLUSIVE, CLIENT_SEARCH_LIMIT]).toEqual([500, 2, 100]);
    expect([...DISCOUNT_PRESETS]).toEqual([0, 5, 10, 15, 20]);
  });

  it('builder width: default 400, min 300, max 900 px; active protocol cache 12 hours', () => {
    expect(BUILDER_WIDTH).toEqual({ default: 400, min: 300, max: 900 });
    expect(ACTIVE_PROTOCOL_LIFETIME_MS).toBe(43_200_000);
  });

  it('popular products cached 15 minutes; recent searches at most 3', () => {
    expect(POPULAR_CACHE_MS).toBe(15 * MINUTE);
    expect(MAX_RECENT).toBe(3);
  });

  it('search: debounce 200 ms, 12 per page in the state and 10 in the call, priorities name and ingredients', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(200);
    expect([RESULTS_PER_PAGE, SEARCH_CALL_PER_PAGE]).toEqual([12, 10]);
    expect([...PRIORITIES]).toEqual(['name', 'ingredients']);
  });

  it('bar thumbnails: 8, 4, 3, 2 or 5 by width, at the breakpoints 1199.9, 1023.9, 878.9 and 639.9', () => {
    expect([1200, 1199.9, 1024, 1023.9, 879, 878.9, 640, 639.9].map(thumbnailCountFor)).toEqual([8, 4, 4, 3, 3, 2, 2, 5]);
  });

  it('notes longer than 75 characters scroll', () => {
    expect(NOTE_SCROLL_CHARS).toBe(75);
  });

  it('regional modal: quiet 1 hour after a dismissal, the dismissal kept 24 hours', () => {
    expect(DISMISSAL_QUIET_MS).toBe(HOUR);
    expect(DISMISSAL_LIFETIME_MS).toBe(24 * HOUR);
  });

  it('currency: uk region GBP £ en-GB, any other EUR € de-DE, 2 decimals', () => {
    expect(moneyLocale('GBP')).toBe('en-GB');
    expect(moneyLocale('EUR')).toBe('de-DE');
    expect(formatMoney('3', 'GBP')).toBe('£3.00');
    expect(formatMoney('3', 'EUR')).toBe('3,00\u00a0€');
  });

  it('image fallback attempts 2', () => {
    expect(IMAGE_FALLBACK_ATTEMPTS).toBe(2);
  });

  it('drawer and transition 300 ms; menu type-ahead reset 350 ms', () => {
    const builderCss = readFileSync(`${process.cwd()}/src/features/protocol-builder/components/protocol-builder.css`, 'utf8');
    expect(builderCss).toContain('builder-slide-in 300ms');
    expect(TYPE_AHEAD_RESET_MS).toBe(350);
  });

  it('password minimum length 8', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('data cache: dedupe 2 s, focus throttle 5 s, error retry 5 s (10 s on slow links)', () => {
    expect(DATA_CACHE_MS).toEqual({ dedupe: 2000, focusThrottle: 5000, errorRetry: 5000, errorRetrySlow: 10000 });
    expect(dataCacheConfig(false)).toEqual({ dedupingInterval: 2000, focusThrottleInterval: 5000, errorRetryInterval: 5000 });
    expect(dataCacheConfig(true).errorRetryInterval).toBe(10000);
  });

  it('toasts (section 8): 2000 ms for success, error and warning; 5000 ms as the default elsewhere', () => {
    expect([TOAST_MS, DEFAULT_TOAST_MS]).toEqual([2000, 5000]);
  });

  it('payment methods: a logo for each brand of section 3 (Mastercard as the brand writes itself)', () => {
    expect(Object.values(PAYMENT_LOGOS).map((logo) => logo.label.toLowerCase())).toEqual([
      'American Express', 'Apple Pay', 'Bancontact', 'Belfius', 'iDEAL', 'KBC', 'Klarna', 'MasterCard', 'PayPal', 'Visa',
    ].map((brand) => brand.toLowerCase()));
    expect(ICON_FAMILIES.payment).toHaveLength(10);
  });
});
