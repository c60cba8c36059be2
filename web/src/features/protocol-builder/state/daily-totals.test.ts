/** The worked examples of server/nutrition/tests/test_totals.py, added up by the builder's own rules. */
import { describe, expect, it } from 'vitest';

import type { NutrientReference, VariantFacts } from '../api/types';
import { dailyTotals, levelOf } from './daily-totals';

const SOURCE = { authority: 'EFSA', kind: 'UL', applies_to: 'total', reference: 'EFSA 2023', year: 2023 };
const REFERENCE: NutrientReference[] = [
  { nutrient: 'vitamin_d', name: 'Vitamin D', unit: 'µg', limit: { amount: 100, forms: [], source: SOURCE } },
  { nutrient: 'vitamin_k', name: 'Vitamin K', unit: 'µg', limit: null },
  {
    nutrient: 'magnesium',
    name: 'Magnesium',
    unit: 'mg',
    limit: { amount: 250, forms: ['supplemental'], source: { ...SOURCE, applies_to: 'supplemental', year: 2001 } },
  },
];

function facts(variantId: number, ...nutrients: [string, string, number][]): VariantFacts {
  return {
    product_variant_id: variantId,
    servings_per_day: 1,
    nutrients: nutrients.map(([nutrient, form, perServing]) => ({ nutrient, form, per_serving: perServing })),
  };
}

/** A day of `servings` at breakfast: the line's dose is the day's sum. */
const day = (servings: number) => ({ slots: { breakfast: servings }, steps: [] });

const D3_2000 = facts(1, ['vitamin_d', '', 50]);
const D3_K2 = facts(2, ['vitamin_d', '', 25], ['vitamin_k', '', 100]);
const MULTI = facts(3, ['vitamin_d', '', 10], ['magnesium', 'supplemental', 100]);
const CACAO = facts(4, ['magnesium', 'food', 60]);
const MAGNESIUM = facts(5, ['magnesium', 'supplemental', 100]);

describe('daily totals', () => {
  it('adds vitamin D from three products past the limit and names the lines', () => {
    const result = dailyTotals(
      [
        { variantId: 1, schedule: day(1) },
        { variantId: 2, schedule: day(2) },
        { variantId: 3, schedule: day(1) },
      ],
      [D3_2000, D3_K2, MULTI],
      REFERENCE,
    );

    expect(result.nutrients[0]).toEqual({
      nutrient: 'vitamin_d',
      name: 'Vitamin D',
      unit: 'µg',
      total: 110,
      counted: 110,
      limit: 100,
      share: 1.1,
      level: 'over',
      source: SOURCE,
      lines: [
        { product_variant_id: 1, amount: 50, counted: true },
        { product_variant_id: 2, amount: 50, counted: true },
        { product_variant_id: 3, amount: 10, counted: true },
      ],
    });
    expect(result.nutrients.map((row) => [row.nutrient, row.total, row.level])).toEqual([
      ['vitamin_d', 110, 'over'],
      ['vitamin_k', 200, 'ok'],
      ['magnesium', 100, 'ok'],
    ]);
  });

  it('brings the same protocol under the limit with a dose of 1.5', () => {
    const result = dailyTotals(
      [
        { variantId: 1, schedule: day(1) },
        { variantId: 2, schedule: day(1.5) },
        { variantId: 3, schedule: day(1) },
      ],
      [D3_2000, D3_K2, MULTI],
      REFERENCE,
    );

    expect([result.nutrients[0]?.total, result.nutrients[0]?.level]).toEqual([97.5, 'caution']);
  });

  it('counts the supplemental forms of magnesium only', () => {
    const result = dailyTotals(
      [3, 4, 5].map((variantId) => ({ variantId, schedule: day(1) })),
      [MULTI, CACAO, MAGNESIUM],
      REFERENCE,
    );

    const magnesium = result.nutrients.find((row) => row.nutrient === 'magnesium');
    expect(magnesium).toMatchObject({ total: 260, counted: 200, limit: 250, share: 0.8, level: 'caution' });
    expect(magnesium?.lines).toEqual([
      { product_variant_id: 3, amount: 100, counted: true },
      { product_variant_id: 4, amount: 60, counted: false },
      { product_variant_id: 5, amount: 100, counted: true },
    ]);
  });

  it('lists a product without facts as no data and takes the label dose for a line not known yet', () => {
    const result = dailyTotals(
      [
        { variantId: 1, schedule: null },
        { variantId: 9, schedule: day(3) },
      ],
      [{ ...D3_2000, servings_per_day: 2 }],
      REFERENCE,
    );

    expect(result.no_data).toEqual([9]);
    expect(result.nutrients.map((row) => [row.nutrient, row.total, row.level])).toEqual([['vitamin_d', 100, 'over']]);
  });

  it("counts a line's highest daily sum: its slots, or a titration step's", () => {
    const split = { slots: { breakfast: 1, dinner: 0.5 }, steps: [] };
    const stepped = { slots: { breakfast: 1 }, steps: [{ from_week: 3, slots: { breakfast: 1, bedtime: 1 } }] };
    const result = dailyTotals(
      [
        { variantId: 1, schedule: split },
        { variantId: 2, schedule: stepped },
      ],
      [D3_2000, D3_K2],
      REFERENCE,
    );
    // 50 µg x 1.5 and 25 µg x 2 (the step's day).
    expect(result.nutrients[0]).toMatchObject({ nutrient: 'vitamin_d', total: 125, level: 'over' });
  });

  it('cautions from 80 % and warns from 100 % of a limit', () => {
    expect([79.99, 80, 99.99, 100, 250].map((value) => levelOf(value, 100))).toEqual([
      'ok',
      'caution',
      'caution',
      'over',
      'over',
    ]);
    expect(levelOf(0.1 + 0.2 + 99.7, 100)).toBe('over');
    expect(levelOf(1e6, null)).toBe('ok');
  });

  it('adds up 30 lines within one frame', () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      facts(index + 1, ['vitamin_d', '', 10], ['magnesium', index % 2 ? 'food' : 'supplemental', 20], ['vitamin_k', '', 5]),
    );
    const lines = many.map((item) => ({ variantId: item.product_variant_id, schedule: day(1.5) }));
    dailyTotals(lines, many, REFERENCE); // warm up
    const started = performance.now();
    const runs = 100;
    for (let run = 0; run < runs; run += 1) dailyTotals(lines, many, REFERENCE);
    const each = (performance.now() - started) / runs;

    expect(each).toBeLessThan(16);
  });
});
