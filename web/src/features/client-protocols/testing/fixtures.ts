import type { LinkedProtocol, ProtocolProduct, SharedProtocol } from '../api/types';

export { lineSubstitute, substituteOffer } from '../../../testing/substitute-fixtures';

/** A protocol line as the server answers it (server/protocols/schemas.py), priced in EUR. */
export function product(variantId: number, name: string, overrides: Partial<ProtocolProduct> = {}): ProtocolProduct {
  const price = overrides.price ?? '10.00';
  const quantity = overrides.item_count ?? 1;
  return {
    id: variantId * 10,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    brand: { brand_id: 3, id: 3, name: 'Amberlane', slug: 'amberlane' },
    assets: [
      {
        asset_id: variantId,
        asset_order: 0,
        is_primary: true,
        image_url: `/media/${variantId}.webp`,
        alt_text: `Photo of ${name}`,
        thumbnails: {
          thumbnail_75: `/media/${variantId}-75.webp`,
          thumbnail_125: `/media/${variantId}-125.webp`,
          thumbnail_250: `/media/${variantId}-250.webp`,
        },
      },
    ],
    variants: [
      { id: variantId, sku: `SKU-${variantId}`, price, currency: 'EUR', unit_of_measure: '60 capsules', weight: null, availability: 1, stock: { state: 'in_stock', available: null, note: '' } },
    ],
    product_variant_id: variantId,
    item_count: quantity,
    schedule: { slots: { breakfast: 1 }, with_food: 'any', cycle: null, start_date: null, weeks: null, steps: [] },
    servings_per_day: 1,
    notes: '',
    price,
    line_total: (Number(price) * quantity).toFixed(2),
    is_available: true,
    substitute: null,
    ...overrides,
  };
}

/** The line with its variant's stock set (a sold-out size, a few left, ...). */
export function withStock(line: ProtocolProduct, stock: ProtocolProduct['variants'][number]['stock']): ProtocolProduct {
  return { ...line, variants: line.variants.map((variant) => ({ ...variant, stock })) };
}

export const SOLD_OUT: ProtocolProduct['variants'][number]['stock'] = { state: 'sold_out', available: null, note: '' };



/** The reply of `POST /v2/account/stock-alerts` for the variant (server/stock/selectors.py). */
export function stockAlertReply(variantId: number, name: string) {
  return {
    id: variantId * 100,
    product_variant_id: variantId,
    sku: `SKU-${variantId}`,
    product: { id: variantId * 10, slug: name.toLowerCase().replace(/\s+/g, '-'), name },
    state: 'waiting',
    stock: SOLD_OUT,
    created_at: '2026-11-25T10:00:00Z',
    expires_at: '2027-02-23T10:00:00Z',
    notified_at: null,
  };
}

const PRACTITIONER = { id: 2, first_name: 'Pia', last_name: 'Holm', name: 'Dr Pia Holm' };

export function linkedProtocol(overrides: Partial<LinkedProtocol> = {}): LinkedProtocol {
  const products = overrides.products ?? [
    product(1, 'Omega 3', { item_count: 2, price: '12.50', notes: 'Two capsules with breakfast' }),
    product(2, 'Magnesium', { price: '5.00', notes: 'One before bed' }),
  ];
  const total = products.filter((line) => line.is_available).reduce((sum, line) => sum + Number(line.line_total), 0);
  return {
    protocol_id: 7,
    id: 7,
    name: 'Better sleep',
    description: 'Four weeks, then we review.',
    total_price: total.toFixed(2),
    currency: 'EUR',
    product_count: products.length,
    products,
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    practitioner: PRACTITIONER,
    daily_totals: { nutrients: [], no_data: [] },
    ...overrides,
  };
}

export function sharedProtocol(overrides: Partial<SharedProtocol> = {}): SharedProtocol {
  return {
    ...linkedProtocol(overrides),
    discount: '10.00',
    notes: 'Take these for a month.\nCall me if you sleep worse.',
    shared_at: '2026-11-22T11:00:00Z',
    ...overrides,
  };
}
