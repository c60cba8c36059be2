/** Protocols shaped like the server's replies (server/protocols/schemas.py), for the tests. */
import type { LineSubstitute, Protocol, ProtocolPage, ProtocolProduct, SubstituteOffer } from '../api/types';

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

const IN_STOCK = { state: 'in_stock', available: null, note: '' } as const;

/** A line's substitute as the protocol reply carries it (server/protocols/selectors.py). */
export function lineSubstitute(variantId: number, name: string, overrides: Partial<LineSubstitute> = {}): LineSubstitute {
  return {
    product_variant_id: variantId,
    product_id: variantId * 10,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    brand: { brand_id: 2, id: 2, name: 'Other brand', slug: 'other-brand' },
    assets: [],
    unit_of_measure: '30 capsules',
    stock: IN_STOCK,
    price: '10.00',
    price_difference: '0.00',
    dose_ratio: 1,
    ...overrides,
  };
}

/** One of the shop's alternatives as the storefront's substitutes call answers it (server/protocols/substitutes.py). */
export function substituteOffer(
  variantId: number,
  name: string,
  { price = '10.00', unit = '30 capsules', ...overrides }: Partial<SubstituteOffer> & { unit?: string } = {},
): SubstituteOffer {
  return {
    product: {
      id: variantId * 10,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      name,
      brand: { brand_id: 2, id: 2, name: 'Other brand', slug: 'other-brand' },
      assets: [],
      currency: 'EUR',
      is_available: true,
      practitioner_only: false,
      price,
      stock: IN_STOCK,
      // Another size first: the offer names its variant, which need not be the card's first.
      variants: [
        { id: variantId + 1000, sku: `SKU-${variantId + 1000}`, price: '99.00', currency: 'EUR', unit_of_measure: '120 capsules', weight: null, availability: 1, stock: IN_STOCK },
        { id: variantId, sku: `SKU-${variantId}`, price, currency: 'EUR', unit_of_measure: unit, weight: null, availability: 1, stock: IN_STOCK },
      ],
      zero_waste: false,
    },
    product_variant_id: variantId,
    reason: 'same_facts',
    dose_ratio: 1,
    price,
    price_difference: '0.00',
    currency: 'EUR',
    ...overrides,
  };
}
