import { describe, expect, it } from 'vitest';

import { ApiError } from '../api/http';
import { readOutOfStock } from './out-of-stock';

const conflict = (body: unknown, status = 409) => new ApiError('Conflict', status, 'Conflict', body);

const BODY = {
  code: 'out_of_stock',
  message: 'Not enough in stock: Vitamin D3 Drops (sold out), Magnesium (only 2 left).',
  errors: { 'lines.11': ['out of stock'], 'lines.12': ['out of stock'] },
  lines: [
    { product_variant_id: 11, name: 'Vitamin D3 Drops', available: 0 },
    { product_variant_id: 12, name: 'Magnesium', available: 2 },
  ],
};

describe('readOutOfStock', () => {
  it('reads the short lines of a 409 out_of_stock', () => {
    expect(readOutOfStock(conflict(BODY))).toEqual(BODY.lines);
  });

  it('is null for any other failure', () => {
    expect(readOutOfStock(conflict({ ...BODY, code: 'conflict' }))).toBeNull();
    expect(readOutOfStock(conflict(BODY, 422))).toBeNull();
    expect(readOutOfStock(conflict(null))).toBeNull();
    expect(readOutOfStock(new Error('network'))).toBeNull();
    expect(readOutOfStock(conflict({ ...BODY, lines: 'none' }))).toBeNull();
    expect(readOutOfStock(conflict({ ...BODY, lines: [] }))).toBeNull();
  });

  it('skips malformed lines and never shows a negative count', () => {
    const lines = [{ product_variant_id: 11, name: 'Vitamin D3 Drops', available: -1 }, { name: 'No id', available: 1 }, 'junk'];
    expect(readOutOfStock(conflict({ ...BODY, lines }))).toEqual([{ product_variant_id: 11, name: 'Vitamin D3 Drops', available: 0 }]);
  });
});
