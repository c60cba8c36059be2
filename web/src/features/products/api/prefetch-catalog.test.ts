import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { takePrefetched } from '../../../lib/api/prefetch';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { catalogHandlers, productDetail } from '../testing/catalog-fixtures';
import { categoriesKey } from './categories';
import { filterOptionsKey } from './filter-options';
import { prefetchCatalog } from './prefetch-catalog';
import { productKey } from './product-detail';
import { productListKey } from './product-list';
import type { ProductListPage } from './types';

/** Every storefront call, as `path?query` with the language it asked in. */
function recordCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/v2/storefront/')) return;
    const path = url.pathname.replace('/api/v2/storefront/', '') + url.search;
    calls.push(`${path} ${request.headers.get('Accept-Language') ?? ''}`);
  });
  return calls;
}

const never = () => Promise.reject(new Error('asked again instead of taking the prefetched reply'));

describe('prefetchCatalog', () => {
  it('asks for the list of the URL first, then the filter options and the category tree, in its language', async () => {
    server.use(...catalogHandlers());
    const calls = recordCalls();
    prefetchCatalog('', new URLSearchParams('order_by=price&order=asc&page=2&availability=1'), 'de');

    const query = { availability: '1', order_by: 'price', order: 'asc', order_name: '5', page: 2, limit: 26 };
    const list = await takePrefetched<ProductListPage>(productListKey(query, 'de', 'eu'), never);
    expect(list.current_page).toBe(2);
    await takePrefetched(filterOptionsKey('de'), never);
    await takePrefetched(categoriesKey('de'), never);
    expect(calls).toEqual([
      'products?availability=1&order_by=price&order=asc&order_name=5&page=2&limit=26 de',
      'filters de',
      'categories de',
    ]);
    server.events.removeAllListeners();
  });

  it("starts the first row's pictures as soon as the list is in, before any card renders", async () => {
    server.use(...catalogHandlers());
    const sources = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    prefetchCatalog('', new URLSearchParams('page=2'), 'da');
    const query = { order_name: '1', page: 2, limit: 26 };
    await takePrefetched(productListKey(query, 'da', 'eu'), never);
    await takePrefetched(filterOptionsKey('da'), never);
    await takePrefetched(categoriesKey('da'), never);
    expect(sources.mock.calls.map(([src]) => src)).toEqual([
      '/media/27-250.webp',
      '/media/28-250.webp',
      '/media/29-250.webp',
      '/media/30-250.webp',
    ]);
  });

  it('leaves the list to the page when the URL names taxonomy ids (they are checked against the options first)', async () => {
    server.use(...catalogHandlers());
    const calls = recordCalls();
    prefetchCatalog('', new URLSearchParams('brands=5'), 'fr');
    await takePrefetched(filterOptionsKey('fr'), never);
    await takePrefetched(categoriesKey('fr'), never);
    expect(calls).toEqual(['filters fr', 'categories fr']);
    server.events.removeAllListeners();
  });

  it("asks for a product page's product and the category tree of its breadcrumbs", async () => {
    server.use(...catalogHandlers());
    const calls = recordCalls();
    prefetchCatalog(`${productDetail.slug}/`, new URLSearchParams(), 'nl');
    await takePrefetched(productKey(productDetail.slug, 'nl', 'eu'), never);
    await takePrefetched(categoriesKey('nl'), never);
    expect(calls).toEqual([`products/${productDetail.slug} nl`, 'categories nl']);
    server.events.removeAllListeners();
  });

  it('leaves the calls to the page while the access token is expired (the session refreshes it first)', () => {
    const expired = `x.${btoa(JSON.stringify({ sub: '7', exp: Math.floor(Date.now() / 1000) - 60 }))}.y`;
    setTokens({ accessToken: expired, refreshToken: 'refresh', userTypeId: 3 });
    const fetches = vi.spyOn(globalThis, 'fetch');
    prefetchCatalog('', new URLSearchParams(), 'en');
    expect(fetches).not.toHaveBeenCalled();
    setTokens(null);
  });

  it('asks for nothing under a deeper path (the not-found screen)', () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    prefetchCatalog('a/b', new URLSearchParams(), 'en');
    expect(fetches).not.toHaveBeenCalled();
  });
});

describe('the products route', () => {
  it('starts the calls of the list before the page renders, and the page asks for none of them again', async () => {
    server.use(...catalogHandlers());
    const calls = recordCalls();
    let catalogReadAfterCalls: boolean | null = null;
    server.use(
      http.get('*/locales/es/catalog.json', () => {
        // The section's texts are still loading here, so the page has not rendered yet.
        catalogReadAfterCalls = calls.length === 3;
        return undefined;
      }),
    );
    await renderApp('/es/products?page=3');
    await screen.findByText('Product 53');
    expect(catalogReadAfterCalls).toBe(true);
    expect(calls).toEqual([
      'products?order_name=1&page=3&limit=26 es',
      'filters es',
      'categories es',
    ]);
    server.events.removeAllListeners();
  });

  it('prefetches the product of a product page', async () => {
    server.use(...catalogHandlers());
    const calls = recordCalls();
    await renderApp(`/pt/products/${productDetail.slug}`);
    await screen.findByRole('heading', { level: 1, name: productDetail.name });
    expect(calls.filter((call) => call.startsWith('products/'))).toEqual([`products/${productDetail.slug} pt`]);
    server.events.removeAllListeners();
  });
});
