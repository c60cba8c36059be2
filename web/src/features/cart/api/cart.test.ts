import { afterEach, describe, expect, it } from 'vitest';

import { removeStored, writeStored } from '../../../lib/session/stored-value';
import { emptyCart, readCart } from './cart';

const CART = {
  items: [
    {
      product_id: 1,
      product_variant_id: 11,
      price: '10.00',
      quantity: 2,
      line_total: '20.00',
      name: 'Omega 3',
      slug: 'omega-3',
      sku: 'O3',
      unit_of_measure: '60 capsules',
      availability: 1,
    },
  ],
  total_items: 2,
  total_price: '20.00',
  total_discount: '2.00',
  total_price_after_discount: '18.00',
  discount_rate: '10.00',
  currency: 'EUR',
};

describe('readCart', () => {
  afterEach(() => removeStored('region'));

  it('keeps a cart answer as the server sent it', () => {
    expect(readCart(CART)).toEqual(CART);
  });

  it.each([
    ['a total key', { ...CART, total: '20.00' }],
    ['a bare total', { total: 0 }],
    ['no items list', { total_items: 2 }],
    ['no object', null],
  ])('treats an answer with %s as the empty cart', (_, answer) => {
    expect(readCart(answer)).toEqual(emptyCart());
    expect(readCart(answer).items).toEqual([]);
  });

  it("gives the empty cart the region's currency", () => {
    writeStored('region', 'uk', 60_000);
    expect(emptyCart()).toMatchObject({ currency: 'GBP', total_items: 0, total_price: '0.00' });
    removeStored('region');
    expect(emptyCart().currency).toBe('EUR');
  });
});
