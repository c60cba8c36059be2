import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../testing/msw-server';
import { getTokens, setTokens } from '../session/token-store';
import { apiFetch, setApiLanguage, TOKENS_EXPIRED, UNPARSABLE_BODY } from './http';

function recordLanguages(): string[] {
  const seen: string[] = [];
  server.use(
    http.get('*/api/v2/storefront/categories', ({ request }) => {
      seen.push(request.headers.get('Accept-Language') ?? '');
      return HttpResponse.json([]);
    }),
  );
  return seen;
}

describe('Accept-Language (spec: docs/spec-coverage.md#s7-api-calls)', () => {
  afterEach(() => {
    setApiLanguage('en');
  });

  it('sends zh_tw as zh-tw, from the language of the URL', async () => {
    const seen = recordLanguages();
    setApiLanguage('zh_tw');
    await apiFetch('/v2/storefront/categories');
    expect(seen).toEqual(['zh-tw']);
  });

  it('sends zh_tw as zh-tw when a call names its own language too', async () => {
    const seen = recordLanguages();
    await apiFetch('/v2/storefront/categories', { language: 'zh_tw' });
    await apiFetch('/v2/storefront/categories', { language: 'de' });
    expect(seen).toEqual(['zh-tw', 'de']);
  });
});

describe('failed responses (spec: docs/spec-coverage.md#s8-failed-response-raises-error)', () => {
  afterEach(() => setTokens(null));

  it('carry status, statusText and the parsed body; an unreadable body says Failed to parse response body.', async () => {
    server.use(
      http.get('*/api/v2/storefront/categories', () =>
        HttpResponse.json({ message: 'Not here.', code: 'not_found' }, { status: 404, statusText: 'Not Found' }),
      ),
      http.get('*/api/v2/storefront/search', () => new HttpResponse('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiFetch('/v2/storefront/categories')).rejects.toMatchObject({
      message: 'Not here.',
      status: 404,
      statusText: 'Not Found',
      body: { message: 'Not here.', code: 'not_found' },
    });
    await expect(apiFetch('/v2/storefront/search')).rejects.toMatchObject({
      message: UNPARSABLE_BODY,
      status: 502,
      statusText: 'Bad Gateway',
    });
    expect(UNPARSABLE_BODY).toBe('Failed to parse response body.');
  });

  it('a 401 on an auth-required call clears the tokens and raises Tokens expired', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'refresh', userTypeId: 4 });
    server.use(http.get('*/api/v2/storefront/cart', () => HttpResponse.json({ message: 'Token has expired' }, { status: 401 })));
    await expect(apiFetch('/v2/storefront/cart', { auth: 'required' })).rejects.toMatchObject({
      message: TOKENS_EXPIRED,
      status: 401,
    });
    expect(TOKENS_EXPIRED).toBe('Tokens expired');
    expect(getTokens()).toBeNull();
  });
});

describe('extra headers', () => {
  it("are sent with the call, and never replace the client's own", async () => {
    const seen: (string | null)[][] = [];
    server.use(
      http.post('*/api/v2/checkout/orders', ({ request }) => {
        seen.push([request.headers.get('Idempotency-Key'), request.headers.get('X-Region')]);
        return HttpResponse.json({});
      }),
    );
    await apiFetch('/v2/checkout/orders', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1', 'X-Region': 'xx' } });
    expect(seen).toEqual([['k-1', 'eu']]);
  });
});
