/**
 * Daily totals of the protocol on screen, added up from its lines as the live document has them, with the
 * rules of server/nutrition/totals.py (docs/architecture.md, "Daily totals"): per nutrient, each line adds
 * per serving x servings a day (the highest daily sum of its schedule); `counted` sums the forms the limit
 * counts; a caution from 80 % of the limit, a warning from 100 %. The two must change together: the worked
 * examples of both test files agree.
 */
import type { DailyTotals, LineSchedule, NutrientReference, NutrientTotal, VariantFacts } from '../api/types';
import { scheduleDailyDose } from './schedule';

export const CAUTION_FROM = 0.8;

export interface DoseLine {
  variantId: number;
  /**
   * The line's day; it counts its highest daily sum (`scheduleDailyDose`), as the server does. Null: not
   * known yet (a line added a moment ago); the label's suggested dose stands in.
   */
  schedule: Pick<LineSchedule, 'slots' | 'steps'> | null;
}

export type Level = 'ok' | 'caution' | 'over';

/** Amounts to 0.001 and shares to 0.0001, as the server rounds them; the level is decided before rounding. */
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
// Float sums of decimal amounts land a hair either side of a limit they reach exactly.
const EPSILON = 1e-9;

export function levelOf(counted: number, limit: number | null): Level {
  if (limit === null) return 'ok';
  if (counted >= limit - EPSILON) return 'over';
  return counted >= limit * CAUTION_FROM - EPSILON ? 'caution' : 'ok';
}

/**
 * The totals of `lines`; `facts` must hold each line's variant that has facts (one without is listed in
 * `no_data`), `reference` the nutrients they hold, in the table's order, with their region's limits.
 */
export function dailyTotals(
  lines: readonly DoseLine[],
  facts: readonly VariantFacts[],
  reference: readonly NutrientReference[],
): DailyTotals {
  const factsOf = new Map(facts.map((item) => [item.product_variant_id, item]));
  const parts = new Map<string, { variantId: number; daily: number; form: string }[]>();
  const noData: number[] = [];
  for (const line of lines) {
    const item = factsOf.get(line.variantId);
    if (!item) {
      noData.push(line.variantId);
      continue;
    }
    const servings = line.schedule ? scheduleDailyDose(line.schedule) : item.servings_per_day;
    for (const amount of item.nutrients) {
      const list = parts.get(amount.nutrient) ?? [];
      list.push({ variantId: line.variantId, daily: amount.per_serving * servings, form: amount.form });
      parts.set(amount.nutrient, list);
    }
  }
  const nutrients: NutrientTotal[] = [];
  for (const nutrient of reference) {
    const list = parts.get(nutrient.nutrient);
    if (!list || list.length === 0) continue;
    const limit = nutrient.limit;
    const counts = (form: string) => limit === null || limit.forms.length === 0 || limit.forms.includes(form);
    const total = list.reduce((sum, part) => sum + part.daily, 0);
    const counted = list.reduce((sum, part) => sum + (counts(part.form) ? part.daily : 0), 0);
    const byLine = new Map<number, { amount: number; counted: boolean }>();
    for (const part of list) {
      const earlier = byLine.get(part.variantId) ?? { amount: 0, counted: false };
      byLine.set(part.variantId, { amount: earlier.amount + part.daily, counted: earlier.counted || counts(part.form) });
    }
    nutrients.push({
      nutrient: nutrient.nutrient,
      name: nutrient.name,
      unit: nutrient.unit,
      total: round(total, 3),
      counted: round(counted, 3),
      limit: limit ? limit.amount : null,
      share: limit ? round(counted / limit.amount, 4) : null,
      level: levelOf(counted, limit ? limit.amount : null),
      source: limit ? limit.source : null,
      lines: [...byLine].map(([variantId, part]) => ({
        product_variant_id: variantId,
        amount: round(part.amount, 3),
        counted: part.counted,
      })),
    });
  }
  return { nutrients, no_data: noData };
}
