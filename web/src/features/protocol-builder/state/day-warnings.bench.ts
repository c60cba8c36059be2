/**
 * The builder's live spacing and interaction warnings of a 30-line protocol with 5 medicines (within one
 * frame, 16 ms), run by bench/nutrition/run with `vitest bench`; the reference is the same as
 * daily-totals.bench.ts's, the price total (protocol-math) the builder works out on every change, so the two
 * benches compare.
 */
import { bench, describe } from 'vitest';

import type { Slot } from '../../../lib/schedule/slots';
import { product, protocol } from '../testing/protocol-fixtures';
import cases from './day-warnings.cases.json';
import { dayWarnings, type DayWarningLine, type DayWarningMedicine, type RuleOut } from './day-warnings';
import { updateLine } from './protocol-math';

const RULES = (cases as unknown as { rules: RuleOut[] }).rules;
const NUTRIENTS = [
  'iron',
  'calcium',
  'zinc',
  'magnesium',
  'copper',
  'vitamin_d',
  'vitamin_k',
  'vitamin_b6',
  'selenium',
  'st_johns_wort',
];
const DAYS: DayWarningLine['schedule']['slots'][] = [
  { waking: 1 },
  { breakfast: 1 },
  { lunch: 1 },
  { dinner: 1 },
  { bedtime: 1 },
  { breakfast: 1, dinner: 1 },
  { waking: 0.5, lunch: 1.5 },
];
const LINES: DayWarningLine[] = Array.from({ length: 30 }, (_, index) => ({
  variantId: index + 1,
  nutrients: Array.from({ length: 3 + (index % 2) }, (_unused, offset) => {
    const nutrient = NUTRIENTS[(index * 3 + offset) % NUTRIENTS.length] ?? 'zinc';
    return { nutrient, form: nutrient === 'magnesium' ? 'supplemental' : '', per_serving: 2.5 + offset * 5 };
  }),
  schedule: { slots: DAYS[index % DAYS.length] ?? { breakfast: 1 }, steps: [], weeks: null },
}));
const medicine = (id: string, slot: Slot, classes: string[]): DayWarningMedicine => ({ id, classes, slots: [slot] });
const MEDICINES: DayWarningMedicine[] = [
  medicine('levothyroxine', 'waking', ['thyroid_hormones']),
  medicine('sertraline', 'breakfast', ['ssris']),
  medicine('warfarin', 'dinner', ['vitamin_k_antagonists']),
  medicine('doxycycline', 'lunch', ['tetracyclines']),
  medicine('omeprazole', 'waking', ['proton_pump_inhibitors']),
];
const PROTOCOL = protocol(1, LINES.map((line) => product(line.variantId, '12.50')), 'Bench');

describe('30-line protocol with 5 medicines', () => {
  bench('day warnings', () => {
    dayWarnings(LINES, MEDICINES, RULES);
  });
  bench('reference: the price total after a line change', () => {
    updateLine(PROTOCOL, 7, { quantity: 3 });
  });
});
