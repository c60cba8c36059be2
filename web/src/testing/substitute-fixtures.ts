import type { Schemas } from '../lib/api/types';

// Substitutes as the server sends them (docs/decisions/0041-substitutes.md), for the cart's, the builder's
// and the client's protocol tests.
type LineSubstitute = Schemas['LineSubstituteOut'];
type SubstituteOffer = Schemas['SubstituteOfferOut'];

const IN_STOCK = { state: 'in_stock', available: null, note: '' } as const;
const BRAND = { brand_id: 5, id: 5, name: 'Northfield', slug: 'northfield' };
const slugOf = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

/** The practitioner's substitute of a line, as the protocol reply carries it (server/protocols/selectors.py). */
export function lineSubstitute(variantId: number, name: string, overrides: Partial<LineSubstitute> = {}): LineSubstitute {
  return {
    product_variant_id: variantId,
    product_id: variantId * 10,
    slug: slugOf(name),
    name,
    brand: BRAND,
    assets: [],
    unit_of_measure: '60 capsules',
    stock: IN_STOCK,
    price: '10.00',
    price_difference: '0.00',
    dose_ratio: 1,
    ...overrides,
  };
}

/** An offer as the substitutes call answers it (server/protocols/substitutes.py); `unit` is its size. */
export function substituteOffer(
  variantId: number,
  name: string,
  fields: Partial<SubstituteOffer> & { unit?: string } = {},
): SubstituteOffer {
  const { unit = '30 capsules', price = '10.00', ...rest } = fields;
  const variant = (id: number, size: string, amount: string) => ({
    id,
    sku: `SKU-${id}`,
    price: amount,
    currency: 'EUR',
    unit_of_measure: size,
    weight: null,
    availability: 1,
    stock: IN_STOCK,
  });
  return {
    product: {
      id: variantId * 10,
      slug: slugOf(name),
      name,
      brand: BRAND,
      assets: [],
      currency: 'EUR',
      is_available: true,
      practitioner_only: false,
      price,
      stock: IN_STOCK,
      // The offered variant is not the card's first: its own size must be shown.
      variants: [variant(variantId + 1000, '120 capsules', '40.00'), variant(variantId, unit, price)],
      zero_waste: false,
    },
    product_variant_id: variantId,
    reason: 'same_facts',
    dose_ratio: 1,
    price,
    price_difference: '0.00',
    currency: 'EUR',
    ...rest,
  };
}
