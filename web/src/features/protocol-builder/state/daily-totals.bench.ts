/**
 * The builder's daily totals of a 30-line protocol (within one frame, 16 ms), run by
 * bench/nutrition/run with `vitest bench`; the reference is the same lines' price total (protocol-math),
 * which the builder already works out on every change.
 */
import { bench, describe } from 'vitest';

import type { NutrientReference, VariantFacts } from '../api/types';
import { product, protocol } from '../testing/protocol-fixtures';
import { dailyTotals } from './daily-totals';
import { updateLine } from './protocol-math';

const NUTRIENTS = ['vitamin_a', 'vitamin_d', 'vitamin_e', 'vitamin_b6', 'folate', 'magnesium', 'zinc', 'iron'];
const SOURCE = { authority: 'EFSA', kind: 'UL', applies_to: 'total', reference: 'EFSA', year: 2023 };
const REFERENCE: NutrientReference[] = NUTRIENTS.map((nutrient, index) => ({
  nutrient,
  name: nutrient,
  unit: 'mg',
  limit: { amount: 100 + index, forms: nutrient === 'magnesium' ? ['supplemental'] : [], source: SOURCE },
}));
const FACTS: VariantFacts[] = Array.from({ length: 30 }, (_, index) => ({
  product_variant_id: index + 1,
  servings_per_day: 1,
  nutrients: [0, 1, 2, 3].map((offset) => ({
    nutrient: NUTRIENTS[(index + offset) % NUTRIENTS.length] ?? 'zinc',
    form: offset === 3 ? 'food' : '',
    per_serving: 1.5 + offset,
  })),
}));
const LINES = FACTS.map((item, index) => ({
  variantId: item.product_variant_id,
  schedule: { slots: { breakfast: 1, dinner: (index % 4) * 0.25 }, steps: [] },
}));
const PROTOCOL = protocol(1, FACTS.map((item) => product(item.product_variant_id, '12.50')), 'Bench');

describe('30-line protocol', () => {
  bench('daily totals', () => {
    dailyTotals(LINES, FACTS, REFERENCE);
  });
  bench('reference: the price total after a line change', () => {
    updateLine(PROTOCOL, 7, { quantity: 3 });
  });
});
