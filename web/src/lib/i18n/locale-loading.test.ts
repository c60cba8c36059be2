import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../testing/msw-server';
import { LANGUAGES } from '../languages';
import { createI18n, LOCALE_LOADING, SHELL_NAMESPACES } from './create-i18n';
import type { LocaleRequest } from './locale-request';

type Callback = Parameters<LocaleRequest>[3];

describe('locale loading', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the figures of the spec', () => {
    expect(LOCALE_LOADING).toEqual({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
  });

  it('retries a failing file 5 times with exponential backoff from 350 ms, then gives up', async () => {
    const attempts: number[] = [];
    const start = Date.now();
    const request: LocaleRequest = (_options, url, _payload, callback) => {
      if (url.endsWith('/ja/common.json')) attempts.push(Date.now() - start);
      callback(null, { status: 503, data: '' });
    };
    const { i18n } = createI18n({ lng: 'ja', request });

    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(349);
    expect(attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([0, 350]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(i18n.hasResourceBundle('ja', 'common')).toBe(false);
  });

  it('does not retry a missing file (4xx)', async () => {
    const attempts: string[] = [];
    const request: LocaleRequest = (_options, url, _payload, callback) => {
      attempts.push(url);
      callback(null, { status: 404, data: '' });
    };
    createI18n({ lng: 'en', request });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts.sort()).toEqual(SHELL_NAMESPACES.map((ns) => `/locales/en/${ns}.json`).sort());
  });

  it("reads the namespaces the shell suspends on together at start-up, not one after the other", async () => {
    const pending: string[] = [];
    const request: LocaleRequest = (_options, url) => {
      pending.push(url);
    };
    createI18n({ lng: 'de', request });
    await vi.advanceTimersByTimeAsync(0);
    // English is the fallback language, read alongside.
    expect(pending.sort()).toEqual([
      '/locales/de/cart.json',
      '/locales/de/common.json',
      '/locales/en/cart.json',
      '/locales/en/common.json',
    ]);
  });

  it('loads the translations once a retry succeeds (real request, MSW)', async () => {
    let failures = 2;
    server.use(
      http.get('*/locales/nl/common.json', () => {
        if (failures > 0) {
          failures -= 1;
          return new HttpResponse(null, { status: 500 });
        }
        return undefined;
      }),
    );
    const { i18n, ready } = createI18n({ lng: 'nl' });
    await vi.advanceTimersByTimeAsync(350 + 700);
    await vi.waitFor(() => {
      expect(i18n.hasResourceBundle('nl', 'common')).toBe(true);
    });
    await ready;
    expect(failures).toBe(0);
    expect(i18n.t('nav.products')).toBe('Producten');
  });

  it('reads at most 10 files at a time', async () => {
    const pending: Callback[] = [];
    const request: LocaleRequest = (_options, _url, _payload, callback) => {
      pending.push(callback);
    };
    const { i18n } = createI18n({ lng: 'en', request });
    await vi.advanceTimersByTimeAsync(0);
    void i18n.loadLanguages([...LANGUAGES]);
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(10);

    pending[0]?.(null, { status: 200, data: '{}' });
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(11);
  });

  it('reports a missing key to /locales/add in the language that lacked it, when asked to (dev)', async () => {
    const reports: { url: string; body: unknown }[] = [];
    server.use(
      http.post('*/locales/add/:lng/:ns', async ({ request }) => {
        reports.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ added: 1 });
      }),
    );
    const { i18n, ready } = createI18n({ lng: 'de', reportMissing: true });
    await vi.advanceTimersByTimeAsync(0);
    await ready;

    i18n.t('nav.not-yet-there', { defaultValue: 'Not yet there' });
    await vi.waitFor(() => {
      expect(reports).toEqual([
        { url: '/locales/add/de/common', body: { 'nav.not-yet-there': 'Not yet there' } },
      ]);
    });
  });

  it('reports nothing unless asked to (builds and unit tests)', async () => {
    const posted: string[] = [];
    const request: LocaleRequest = (_options, url, payload, callback) => {
      if (payload) posted.push(url);
      callback(null, { status: 200, data: '{}' });
    };
    const { i18n, ready } = createI18n({ lng: 'en', request });
    await vi.advanceTimersByTimeAsync(0);
    await ready;
    i18n.t('nav.not-yet-there', { defaultValue: 'Not yet there' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(posted).toEqual([]);
  });
});
