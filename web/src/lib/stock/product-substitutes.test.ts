import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../testing/msw-server';
import { setTokens } from '../session/token-store';
import { fetchProductSubstitutes } from './product-substitutes';

describe('fetchProductSubstitutes', () => {
  afterEach(() => setTokens(null));

  it("asks a line's offers with the protocol and its link token, and the shop's alone when the protocol cannot be read (404)", async () => {
    setTokens(null);
    const asked: { search: string; authorization: string | null }[] = [];
    server.use(
      http.get('*/api/v2/storefront/products/:slug/substitutes', ({ request }) => {
        const url = new URL(request.url);
        asked.push({ search: url.search, authorization: request.headers.get('Authorization') });
        return url.searchParams.has('protocol_id')
          ? HttpResponse.json({ message: 'Protocol not found.', code: 'not_found', errors: {} }, { status: 404 })
          : HttpResponse.json([]);
      }),
    );
    await expect(fetchProductSubstitutes({ slug: 'omega 3', variantId: 1, protocolId: 7, linkToken: 'tok' })).resolves.toEqual([]);
    expect(asked).toEqual([
      { search: '?variant_id=1&protocol_id=7&link_token=tok', authorization: null },
      { search: '?variant_id=1', authorization: null },
    ]);
  });

  it("asks a variant's offers alone, and a 404 is the caller's (no second ask)", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v2/storefront/products/:slug/substitutes', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ message: 'Product not found.', code: 'not_found', errors: {} }, { status: 404 });
      }),
    );
    await expect(fetchProductSubstitutes({ slug: 'zinc', variantId: 3 })).rejects.toMatchObject({ status: 404 });
    expect(asked).toEqual(['?variant_id=3']);
  });
});
