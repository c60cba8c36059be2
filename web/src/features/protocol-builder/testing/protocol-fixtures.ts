/** Protocols shaped like the server's replies (server/protocols/schemas.py), for the tests. */
import type { LineSchedule, Protocol, ProtocolPage, ProtocolProduct } from '../api/types';

export { lineSubstitute, substituteOffer } from '../../../testing/substitute-fixtures';

/** A line's day as the server answers it: one serving at breakfast unless given otherwise. */
export function schedule(overrides: Partial<LineSchedule> = {}): LineSchedule {
  return { slots: { breakfast: 1 }, with_food: 'any', cycle: null, start_date: null, weeks: null, steps: [], ...overrides };
}

export function product(variantId: number, price: string, itemCount = 1, notes = ''): ProtocolProduct {
  const cents = Math.round(Number(price) * 100) * itemCount;
  return {
    id: variantId * 10,
    slug: `product-${variantId}`,
    name: `Product ${variantId}`,
    brand: { brand_id: 1, id: 1, name: 'Brand', slug: 'brand' },
    assets: [
      {
        asset_id: variantId,
        asset_order: 0,
        is_primary: true,
        image_url: `/media/${variantId}.jpg`,
        alt_text: '',
        thumbnails: {
          thumbnail_75: `/media/${variantId}-75.jpg`,
          thumbnail_125: `/media/${variantId}-125.jpg`,
          thumbnail_250: `/media/${variantId}-250.jpg`,
        },
      },
    ],
    variants: [
      {
        id: variantId,
        sku: `SKU-${variantId}`,
        price,
        currency: 'EUR',
        unit_of_measure: '60 capsules',
        weight: null,
        availability: 1,
        stock: { state: 'in_stock', available: null, note: '' },
      },
    ],
    product_variant_id: variantId,
    item_count: itemCount,
    schedule: schedule(),
    servings_per_day: 1,
    notes,
    price,
    line_total: (cents / 100).toFixed(2),
    is_available: true,
    substitute: null,
  };
}

export function protocol(id: number, products: ProtocolProduct[] = [], name = `Protocol ${id}`): Protocol {
  const cents = products.reduce((sum, line) => sum + Math.round(Number(line.line_total) * 100), 0);
  return {
    protocol_id: id,
    id,
    name,
    description: `About ${name}`,
    total_price: (cents / 100).toFixed(2),
    currency: 'EUR',
    product_count: products.length,
    products,
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
  };
}

export function page(protocols: Protocol[], totalResults = protocols.length, currentPage = 1): ProtocolPage {
  return {
    data: protocols,
    current_page: currentPage,
    limit: 5,
    offset: (currentPage - 1) * 5,
    total_pages: Math.ceil(totalResults / 5),
    total_results: totalResults,
  };
}


