import { http, HttpResponse } from 'msw';

import { EMPTY_RESULT, type SearchProduct, type SearchResult } from '../api/types';

export function hit(id: number, name: string): SearchProduct {
  return {
    id,
    slug: `product-${id}`,
    name,
    brand: { brand_id: 5, id: 5, name: 'Brightfern', slug: 'brightfern' },
    price: '12.50',
    currency: 'EUR',
    is_available: true,
    stock: { state: 'in_stock', available: null, note: '' },
    practitioner_only: false,
    zero_waste: false,
    variants: [
      { id: id * 10, sku: `SKU-${id}`, price: '12.50', currency: 'EUR', unit_of_measure: '60 capsules', weight: null, availability: 1, stock: { state: 'in_stock', available: null, note: '' } },
    ],
    assets: [
      {
        asset_id: id,
        asset_order: 0,
        is_primary: true,
        image_url: `/media/${id}.webp`,
        alt_text: name,
        thumbnails: { thumbnail_75: `/media/${id}-75.webp`, thumbnail_125: `/media/${id}-125.webp`, thumbnail_250: `/media/${id}-250.webp` },
      },
    ],
  };
}

export function result(hits: SearchProduct[], extra: Partial<SearchResult> = {}): SearchResult {
  return { ...EMPTY_RESULT, current_page: 1, per_page: 10, total_found: hits.length, total_pages: 1, hits, ...extra };
}

export const popular = [hit(1, 'Vitamin D3 1000 IU'), hit(2, 'Omega-3 Fish Oil')];

/** The two search calls; `searches` records the query strings of the POSTs. */
export function searchHandlers(searches: URLSearchParams[] = []) {
  return [
    http.get('*/api/v2/storefront/search', () => HttpResponse.json({ data: popular })),
    http.post('*/api/v2/storefront/search', ({ request }) => {
      const query = new URL(request.url).searchParams;
      searches.push(query);
      const text = query.get('query') ?? '';
      if (text === 'magnesum') {
        return HttpResponse.json(
          result([hit(8, 'Magnesium Citrate 150mg')], {
            did_you_mean: 'magnesium',
            brands: [{ id: 5, name: 'Brightfern', count: 1 }],
            unique_categories: [{ id: 8, name: 'Magnesium', count: 1 }],
          }),
        );
      }
      if (text === 'zzz') return HttpResponse.json(result([]));
      const hits = Array.from({ length: Number(query.get('per_page') ?? 10) }, (_, index) =>
        hit(100 + index, `${text} product ${index + 1}`),
      );
      return HttpResponse.json(result(hits, { total_found: 30, total_pages: 3, current_page: Number(query.get('page') ?? 1) }));
    }),
  ];
}
