import { describe, expect, it } from 'vitest';

import { exceedsStock, variantStock, type Stock } from './stock';

const LOW: Stock = { state: 'low', available: 2, note: '' };
const IN_STOCK: Stock = { state: 'in_stock', available: null, note: '' };

describe('variantStock', () => {
  it("finds the stock of the line's variant among the product's variants", () => {
    const variants = [
      { id: 1, stock: IN_STOCK },
      { id: 2, stock: LOW },
    ];
    expect(variantStock(variants, 2)).toBe(LOW);
    expect(variantStock(variants, 3)).toBeUndefined();
    expect(variantStock([], 1)).toBeUndefined();
  });
});

describe('exceedsStock', () => {
  it('is true only when a low variant has fewer left than the quantity', () => {
    expect(exceedsStock(LOW, 3)).toBe(true);
    expect(exceedsStock(LOW, 2)).toBe(false);
    expect(exceedsStock(IN_STOCK, 500)).toBe(false);
    expect(exceedsStock({ state: 'sold_out', available: null, note: '' }, 1)).toBe(false);
    expect(exceedsStock({ state: 'back_order', available: null, note: 'Soon' }, 9)).toBe(false);
    expect(exceedsStock({ state: 'low', available: null, note: '' }, 9)).toBe(false);
    expect(exceedsStock(undefined, 1)).toBe(false);
  });
});
