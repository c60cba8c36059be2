import type { ProtocolProduct, PublicStore, StoreProtocol } from '../api/types';

/** A protocol line as the server answers it. */
export function line(variantId: number, name: string, overrides: Partial<ProtocolProduct> = {}): ProtocolProduct {
  return {
    id: variantId * 10,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    brand: { brand_id: 3, id: 3, name: 'Brightfern', slug: 'brightfern' },
    assets: [],
    variants: [
      { id: variantId, sku: `SKU-${variantId}`, price: '10.00', currency: 'EUR', unit_of_measure: '60 capsules', weight: null, availability: 1, stock: { state: 'in_stock', available: null, note: '' } },
    ],
    product_variant_id: variantId,
    item_count: 1,
    schedule: { slots: { breakfast: 1 }, with_food: 'any', cycle: null, start_date: null, weeks: null, steps: [] },
    servings_per_day: 1,
    notes: '',
    price: '10.00',
    line_total: '10.00',
    is_available: true,
    substitute: null,
    ...overrides,
  };
}

export function storeProtocol(overrides: Partial<StoreProtocol> = {}): StoreProtocol {
  return {
    protocol_id: 7,
    id: 7,
    name: 'Better sleep',
    description: 'Four weeks, then we review.',
    total_price: '30.00',
    currency: 'EUR',
    product_count: 3,
    products: [line(1, 'Omega 3'), line(2, 'Magnesium'), line(3, 'Zinc', { is_available: false })],
    link_token: 'tok',
    link: '/protocols/tok',
    created_at: '2026-11-01T09:00:00Z',
    updated_at: '2026-11-02T09:00:00Z',
    ...overrides,
  };
}

/** A store with every section filled, as `GET /v2/storefront/stores/{shop_name}` answers it. */
export function publicStore(overrides: Partial<PublicStore> = {}): PublicStore {
  return {
    type: 'clinic',
    theme: 'fresh',
    shop_name: 'green-leaf',
    header: {
      title: 'Green Leaf Clinic',
      description: 'Food-first nutritional therapy.',
      image: '/media/stores/header.webp',
    },
    about: { title: 'About Clara', description: 'Fifteen years of practice.', image: '/media/stores/about.webp' },
    message: 'New clients: the first call is free.',
    services_header: { title: 'How I can help', description: 'In the clinic or by video.' },
    // Sent out of order on purpose: the page follows `order`.
    services: [
      { id: 12, name: 'Follow-up', description: 'Forty-five minutes.', icon: 'calendar', order: 2 },
      { id: 11, name: 'First consultation', description: 'Ninety minutes.', icon: 'consultation', order: 1 },
      { id: 13, name: 'Gut health', description: 'Twelve weeks.', icon: 'no-such-icon', order: 3 },
    ],
    packages: [
      {
        id: 22,
        order: 2,
        name: 'Three months',
        description: 'A lasting change.',
        price: '£390',
        image: null,
        features: [
          { feature_id: 5, text: 'Three follow-ups' },
          { feature_id: 6, text: 'E-mail support' },
        ],
      },
      {
        id: 21,
        order: 1,
        name: 'Starter',
        description: 'A first consultation and one follow-up.',
        price: '£150 for two sessions',
        image: '/media/stores/starter.webp',
        features: [{ feature_id: 4, text: 'Written plan' }],
      },
    ],
    contact: { description: 'Call 0113 496 0000.' },
    opening_hours: [
      { day: 'monday', opens: '09:00', closes: '12:00' },
      { day: 'monday', opens: '13:00', closes: '17:30' },
      { day: 'friday', opens: '09:00', closes: '24:00' },
    ],
    timezone: 'Europe/London',
    approach: {
      title: 'My approach',
      description: 'One habit at a time.',
      image_1: '/media/stores/approach-1.webp',
      image_2: '/media/stores/approach-2.webp',
    },
    practitioner: { id: 2, first_name: 'Clara', last_name: 'Whitfield', name: 'Clara Whitfield' },
    protocols: [storeProtocol()],
    updated_at: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

/** A store whose practitioner filled nothing but the name: every section null, every list empty. */
export function emptyStore(overrides: Partial<PublicStore> = {}): PublicStore {
  return publicStore({
    header: null,
    about: null,
    message: null,
    services_header: null,
    services: [],
    packages: [],
    contact: null,
    opening_hours: [],
    timezone: null,
    approach: null,
    protocols: [],
    ...overrides,
  });
}
