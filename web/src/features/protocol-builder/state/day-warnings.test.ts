/**
 * The worked cases of server/nutrition/tests/test_day_cases.py (day-warnings.cases.json, written by the
 * server's engine), worked out by the builder's own port of the rules, and a few more of its own.
 */
import { describe, expect, it } from 'vitest';

import type { Slot } from '../../../lib/schedule/slots';
import type { LineSchedule } from '../api/types';
import cases from './day-warnings.cases.json';
import { dayWarnings, type DayWarning, type DayWarningLine, type DayWarningMedicine, type RuleOut } from './day-warnings';

interface CasesFile {
  rules: RuleOut[];
  cases: {
    name: string;
    lines: {
      product_variant_id: number;
      nutrients: { nutrient: string; form: string; per_serving: number }[];
      schedule: LineSchedule;
    }[];
    medicines: { id: string; classes: string[]; slots: Slot[] }[];
    warnings: { rule_id: string; severity: string; lines: number[]; medicines: string[]; nutrients: string[] }[];
  }[];
}

const FILE = cases as unknown as CasesFile;
const RULES = FILE.rules;

const shown = (warnings: DayWarning[]) =>
  warnings.map(({ ruleId, severity, lines, medicines, nutrients }) => ({
    rule_id: ruleId,
    severity,
    lines,
    medicines,
    nutrients,
  }));

function line(
  variantId: number,
  nutrients: [string, string, number][],
  slots: DayWarningLine['schedule']['slots'],
  more: Partial<DayWarningLine['schedule']> = {},
): DayWarningLine {
  return {
    variantId,
    nutrients: nutrients.map(([nutrient, form, perServing]) => ({ nutrient, form, per_serving: perServing })),
    schedule: { slots, steps: [], weeks: null, ...more },
  };
}

const medicine = (id: string, classes: string[], slots: Slot[]): DayWarningMedicine => ({ id, classes, slots });

const IRON: [string, string, number][] = [['iron', '', 14]];
const CALCIUM: [string, string, number][] = [['calcium', '', 500]];
const HYPERICUM: [string, string, number][] = [['st_johns_wort', '', 300]];
const K: [string, string, number][] = [['vitamin_k', '', 100]];

describe('day warnings: the server’s worked cases', () => {
  it('has cases to check', () => {
    expect(FILE.cases.length).toBeGreaterThan(0);
    expect(RULES.length).toBeGreaterThan(0);
  });

  it.each(FILE.cases.map((item) => [item.name, item] as const))('%s', (_name, item) => {
    const lines: DayWarningLine[] = item.lines.map((row) => ({
      variantId: row.product_variant_id,
      nutrients: row.nutrients,
      schedule: row.schedule,
    }));
    const warnings = dayWarnings(lines, item.medicines, RULES);
    expect(shown(warnings)).toEqual(item.warnings);
    for (const warning of warnings) {
      expect(warning.rule).toBe(RULES.find((rule) => rule.id === warning.ruleId));
      expect(warning.kind).toBe(warning.rule.kind);
    }
  });
});

describe('day warnings', () => {
  it('clears a spacing warning once the two are far enough apart', () => {
    const together = [line(1, IRON, { breakfast: 1 }), line(2, CALCIUM, { breakfast: 1 })];
    expect(shown(dayWarnings(together, [], RULES)).map((warning) => warning.rule_id)).toEqual(['iron-calcium']);
    const apart = [line(1, IRON, { breakfast: 1 }), line(2, CALCIUM, { lunch: 1, dinner: 0 })];
    expect(dayWarnings(apart, [], RULES)).toEqual([]);
  });

  it('measures a medicine’s gap from its own slots, and cannot space one taken at no set time', () => {
    const levothyroxine = medicine('levothyroxine', ['thyroid_hormones'], ['waking']);
    const calcium = [line(1, CALCIUM, { breakfast: 1 })];
    expect(shown(dayWarnings(calcium, [levothyroxine], RULES))).toEqual([
      { rule_id: 'thyroid-calcium-magnesium', severity: 'caution', lines: [1], medicines: ['levothyroxine'], nutrients: [] },
    ]);
    expect(dayWarnings([line(1, CALCIUM, { lunch: 1 })], [levothyroxine], RULES)).toEqual([]);
    expect(dayWarnings(calcium, [{ ...levothyroxine, slots: [] }], RULES)).toEqual([]);
  });

  it('gives the same warnings, avoid first, whatever the order of the rules', () => {
    const lines = [line(1, HYPERICUM, { bedtime: 1 }), line(2, K, { lunch: 1 }), line(3, IRON, { lunch: 1 })];
    const medicines = [
      medicine('warfarin', ['vitamin_k_antagonists'], ['dinner']),
      medicine('sertraline', ['ssris'], ['breakfast']),
    ];
    const forward = shown(dayWarnings(lines, medicines, RULES));
    const backward = shown(dayWarnings(lines, medicines, [...RULES].reverse()));
    expect(forward.map((warning) => warning.severity)).toEqual(['avoid', 'avoid', 'caution']);
    expect(backward.map((warning) => warning.severity)).toEqual(['avoid', 'avoid', 'caution']);
    const sorted = (list: typeof forward) => [...list].sort((a, b) => a.rule_id.localeCompare(b.rule_id));
    expect(sorted(backward)).toEqual(sorted(forward));
    // Within a severity the rules' order stands.
    expect(backward.slice(0, 2).map((warning) => warning.rule_id)).toEqual(
      forward.slice(0, 2).map((warning) => warning.rule_id).reverse(),
    );
  });

  it('warns of an interaction between two lines too, each pair once, in the order of the lines', () => {
    const rule: RuleOut = {
      ...RULES.find((each) => each.id === 'vitamin-k-antagonists-vitamin-k')!,
      id: 'test-iron-zinc',
      a: { nutrients: ['iron', 'zinc'], forms: {}, medicines: [] },
      b: { nutrients: ['zinc', 'iron'], forms: {}, medicines: [] },
    };
    const lines = [line(7, [['zinc', '', 10]], { dinner: 1 }), line(3, IRON, { breakfast: 1 })];
    expect(shown(dayWarnings(lines, [], [rule]))).toEqual([
      { rule_id: 'test-iron-zinc', severity: 'caution', lines: [7, 3], medicines: [], nutrients: [] },
    ]);
  });

  it('counts only the forms a side lists', () => {
    const rule: RuleOut = {
      ...RULES.find((each) => each.id === 'iron-calcium')!,
      id: 'test-supplemental-magnesium',
      b: { nutrients: ['magnesium'], forms: { magnesium: ['supplemental'] }, medicines: [] },
    };
    const food = [line(1, IRON, { lunch: 1 }), line(2, [['magnesium', 'food', 60]], { lunch: 1 })];
    expect(dayWarnings(food, [], [rule])).toEqual([]);
    const supplemental = [line(1, IRON, { lunch: 1 }), line(2, [['magnesium', 'supplemental', 60]], { lunch: 1 })];
    expect(shown(dayWarnings(supplemental, [], [rule])).map((warning) => warning.lines)).toEqual([[1, 2]]);
  });

  it('holds the rules against every phase: a step of one line moves the day of all', () => {
    const lines = [
      line(1, IRON, { breakfast: 1 }, { steps: [{ from_week: 4, slots: { lunch: 1 } }] }),
      line(2, CALCIUM, { lunch: 1 }),
    ];
    expect(shown(dayWarnings(lines, [], RULES)).map((warning) => warning.rule_id)).toEqual(['iron-calcium']);
  });

  it('reaches a duration rule’s daily amount exactly, as the server’s decimals do', () => {
    // 0.15 + 1.45 = 1.6 a serving, 7.5 servings: 12 mg, which floats make 11.999999999999998.
    const lines = [line(1, [['vitamin_b6', '', 0.15], ['vitamin_b6', 'other', 1.45]], { breakfast: 7.5 })];
    expect(shown(dayWarnings(lines, [], RULES))).toEqual([
      { rule_id: 'vitamin-b6-long-term', severity: 'caution', lines: [1], medicines: [], nutrients: ['vitamin_b6'] },
    ]);
    expect(dayWarnings(lines, [], RULES.filter((rule) => rule.kind === 'duration')).length).toBe(1);
    const shorter = [line(1, [['vitamin_b6', '', 0.15], ['vitamin_b6', 'other', 1.45]], { breakfast: 7 })];
    expect(dayWarnings(shorter, [], RULES)).toEqual([]);
  });

  it('names duplicates per nutrient and slot, once per set of lines', () => {
    const lines = [
      line(1, [['zinc', '', 10], ['copper', '', 1]], { breakfast: 1, dinner: 1 }),
      line(2, [['zinc', '', 15]], { breakfast: 1, dinner: 1 }),
      line(3, [['copper', '', 1]], { dinner: 1 }),
    ];
    const duplicates = shown(dayWarnings(lines, [], RULES)).filter((warning) => warning.rule_id.startsWith('duplicate'));
    expect(duplicates.map((warning) => [warning.nutrients, warning.lines])).toEqual([
      [['copper'], [1, 3]],
      [['zinc'], [1, 2]],
    ]);
  });

  it('knows nothing of a line without facts or a day without rules', () => {
    expect(dayWarnings([line(1, [], { breakfast: 1 }), line(2, [], { breakfast: 1 })], [], RULES)).toEqual([]);
    expect(dayWarnings([line(1, IRON, { breakfast: 1 }), line(2, CALCIUM, { breakfast: 1 })], [], [])).toEqual([]);
  });
});
