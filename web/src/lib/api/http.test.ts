import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../testing/msw-server';
import { apiFetch, setApiLanguage } from './http';

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

describe('Accept-Language (spec section 7)', () => {
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
