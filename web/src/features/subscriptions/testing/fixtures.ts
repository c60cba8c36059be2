import type { Proposal, Subscription, SubscriptionAction, SubscriptionLine } from '../api/types';

/** The signed-in client of these tests. */
export const CLIENT = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };

export const ADDRESS = {
  first_name: 'Chloe',
  last_name: 'Bennett',
  line1: 'Keizersgracht 123',
  line2: '',
  city: 'Amsterdam',
  postcode: '1015 CJ',
  country: 'NL',
};

export const EU_METHODS = [
  { id: 3, name: 'Standard delivery (3-5 working days)', price: '4.95', currency: 'EUR', free_over: '50.00' },
  { id: 4, name: 'Express delivery (1-2 working days)', price: '9.95', currency: 'EUR', free_over: null },
];

/** A proposal for protocol 7 (Omega 3 lasts 30 days, Magnesium 60), as server/subscriptions/selectors.py answers. */
export function proposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    lines: [
      { product_variant_id: 11, product_id: 1, name: 'Omega 3', slug: 'omega-3', quantity: 1, included: true, days_of_supply: 30, runs_out_on: '2026-12-31', unit_price: '12.50' },
      { product_variant_id: 12, product_id: 2, name: 'Magnesium', slug: 'magnesium', quantity: 2, included: true, days_of_supply: 60, runs_out_on: '2027-01-30', unit_price: '5.00' },
    ],
    interval_days: 30,
    default_interval_days: 30,
    first_parcel_on: '2026-12-01',
    parcels: [
      { date: '2026-12-01', lines: [
        { product_variant_id: 11, name: 'Omega 3', quantity: 1, total: '11.25', substitute_for: null },
        { product_variant_id: 12, name: 'Magnesium', quantity: 2, total: '9.00', substitute_for: null },
      ], total: '20.25' },
      { date: '2026-12-31', lines: [{ product_variant_id: 11, name: 'Omega 3', quantity: 1, total: '11.25', substitute_for: null }], total: '11.25' },
      { date: '2027-01-30', lines: [
        { product_variant_id: 11, name: 'Omega 3', quantity: 1, total: '11.25', substitute_for: null },
        { product_variant_id: 12, name: 'Magnesium', quantity: 2, total: '9.00', substitute_for: null },
      ], total: '20.25' },
    ],
    currency: 'EUR',
    refill_discount_rate: '10.00',
    ...overrides,
  };
}

export function line(overrides: Partial<SubscriptionLine> = {}): SubscriptionLine {
  return {
    product_variant_id: 11,
    product_id: 1,
    name: 'Omega 3',
    slug: 'omega-3',
    quantity: 1,
    days_of_supply: 30,
    runs_out_on: '2026-12-31',
    unit_price: '12.50',
    sold_out: false,
    substitute: null,
    refuse_substitute: false,
    ...overrides,
  };
}

/** An active refill of protocol 7 "Better sleep", next parcel on 31 Dec 2026. */
export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 5,
    state: 'active',
    reason: '',
    protocol_id: 7,
    protocol_name: 'Better sleep',
    practitioner: { id: 2, name: 'Pia Holm' },
    interval_days: 30,
    default_interval_days: 30,
    interval_custom: false,
    next_parcel_on: '2026-12-31',
    notice_on: '2026-12-28',
    retry_on: null,
    mandate_id: 'mdt_1',
    currency: 'EUR',
    shipping_address: ADDRESS,
    shipping_method_id: 3,
    shipping_method_name: 'Standard delivery (3-5 working days)',
    lines: [
      line(),
      line({ product_variant_id: 12, product_id: 2, name: 'Magnesium', slug: 'magnesium', quantity: 2, days_of_supply: 60, runs_out_on: '2027-01-30', unit_price: '5.00' }),
    ],
    next_parcel: {
      date: '2026-12-31',
      lines: [{ product_variant_id: 11, name: 'Omega 3', quantity: 1, total: '11.25', substitute_for: null }],
      total: '11.25',
    },
    parcels: [{ date: '2026-12-01', state: 'paid', order_number: 'PS-2026-000042', total: '25.20' }],
    payment_url: null,
    created_at: '2026-12-01T09:00:00Z',
    ...overrides,
  };
}

export function action(overrides: Partial<SubscriptionAction> = {}): SubscriptionAction {
  return { action: 'skip', subscription_id: 5, parcel_on: '2026-12-31', state: 'active', done: false, ...overrides };
}
