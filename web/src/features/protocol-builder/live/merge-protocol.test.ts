import { describe, expect, it } from 'vitest';

import { lineSubstitute, product, protocol, schedule } from '../testing/protocol-fixtures';
import { isPendingProduct, mergeProtocol } from './merge-protocol';

const rest = () => protocol(5, [product(12, '10.00', 2), product(7, '4.50')], 'Sleep');

describe('mergeProtocol', () => {
  it('takes names, order, quantities, notes and schedules from the document and cards from REST', () => {
    const day = schedule({ slots: { breakfast: 1.5, dinner: 1 }, steps: [{ from_week: 2, slots: { breakfast: 3 } }] });
    const merged = mergeProtocol(rest(), {
      name: 'Deep sleep',
      description: 'Late',
      lines: [
        { variantId: 7, productId: 70, quantity: 4, notes: 'at night', schedule: day },
        { variantId: 12, productId: 120, quantity: 2, notes: '', schedule: null },
      ],
    });
    expect(merged).toMatchObject({ name: 'Deep sleep', description: 'Late', total_price: '38.00', product_count: 2 });
    // The dose is the schedule's highest daily sum: the step's 3.
    expect(merged.products[0]).toMatchObject({
      name: 'Product 7',
      item_count: 4,
      notes: 'at night',
      schedule: day,
      servings_per_day: 3,
      line_total: '18.00',
    });
    // No readable schedule in the document: the line keeps the one the server has.
    expect(merged.products[1]).toMatchObject({ schedule: schedule(), servings_per_day: 1 });
  });

  it('keeps the REST name when the document has none, and subtracts removed lines from the total', () => {
    const merged = mergeProtocol(rest(), {
      name: '  ',
      description: null,
      lines: [{ variantId: 7, productId: 70, quantity: 1, notes: '', schedule: null }],
    });
    expect(merged).toMatchObject({ name: 'Sleep', description: 'About Sleep', total_price: '4.50', product_count: 1 });
  });

  it("takes each line's substitute from REST, which the document does not hold (decision 0041)", () => {
    const base = rest();
    const substitute = lineSubstitute(40, 'Magnesium Plus');
    base.products = base.products.map((line) => (line.product_variant_id === 7 ? { ...line, substitute } : line));
    const merged = mergeProtocol(base, {
      name: 'Sleep',
      description: '',
      lines: [
        { variantId: 30, productId: 300, quantity: 1, notes: '', schedule: null },
        { variantId: 7, productId: 70, quantity: 3, notes: 'late', schedule: null },
      ],
    });
    expect(merged.products.map((line) => line.substitute)).toEqual([null, substitute]);
  });

  it('shows a variant REST does not have yet as pending, counted but not priced', () => {
    const merged = mergeProtocol(rest(), {
      name: 'Sleep',
      description: '',
      lines: [
        { variantId: 30, productId: 300, quantity: 3, notes: 'new', schedule: null },
        { variantId: 12, productId: 120, quantity: 2, notes: '', schedule: null },
        { variantId: 7, productId: 70, quantity: 1, notes: '', schedule: null },
      ],
    });
    const [added] = merged.products;
    expect(added && isPendingProduct(added)).toBe(true);
    expect(added).toMatchObject({ product_variant_id: 30, id: 300, item_count: 3, notes: 'new', price: '' });
    // Until the card arrives: one serving at breakfast (the label's dose comes with it).
    expect(added).toMatchObject({ schedule: schedule(), servings_per_day: 1 });
    expect(merged).toMatchObject({ total_price: '24.50', product_count: 3 });
    expect(merged.products.slice(1).some(isPendingProduct)).toBe(false);
  });
});
