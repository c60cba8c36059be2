/** The rules of server/nutrition/schedule.py (its tests' examples), as the builder keeps them. */
import { describe, expect, it } from 'vitest';

import type { LineSchedule } from '../api/types';
import { schedule } from '../testing/protocol-fixtures';
import {
  applySchedulePatch,
  canEmptySlot,
  decrementSlot,
  incrementSlot,
  isDay,
  parseSlot,
  scheduleDailyDose,
  scheduleDefault,
  scheduleFields,
  scheduleProblems,
  scheduleRead,
  slotLimit,
  withSlot,
} from './schedule';

const codes = (value: LineSchedule) => scheduleProblems(value).map(({ code, step }) => (step === null ? code : `${code}@${step}`));

describe('scheduleDailyDose', () => {
  it("is the day's sum of the base slots", () => {
    expect(scheduleDailyDose(schedule({ slots: { breakfast: 1, dinner: 1.25, bedtime: 0.5 } }))).toBe(2.75);
  });

  it("is the highest daily sum when a titration step takes more (or less) than the base", () => {
    const steps = [
      { from_week: 2, slots: { breakfast: 2, dinner: 1 } },
      { from_week: 4, slots: { breakfast: 4 } },
      { from_week: 8, slots: { breakfast: 0.5 } },
    ];
    expect(scheduleDailyDose(schedule({ slots: { breakfast: 1 }, steps }))).toBe(4);
    expect(scheduleDailyDose(schedule({ slots: { breakfast: 3, lunch: 3 }, steps }))).toBe(6);
  });
});

describe('the cells of the day grid', () => {
  const day = { breakfast: 1, dinner: 0.25 };

  it('+ puts one serving in an empty slot and a quarter more in a filled one, within 50 a day', () => {
    expect(incrementSlot(day, 'lunch')).toBe(1);
    expect(incrementSlot(day, 'breakfast')).toBe(1.25);
    expect(incrementSlot({ breakfast: 49.5 }, 'lunch')).toBe(0.5);
    expect(incrementSlot({ breakfast: 49.75, dinner: 0.25 }, 'dinner')).toBe(0.25);
    expect(slotLimit({ breakfast: 40, dinner: 2 }, 'dinner')).toBe(10);
  });

  it('− takes a quarter; below a quarter the slot is emptied, unless it is the last one', () => {
    expect(decrementSlot(day, 'breakfast')).toBe(0.75);
    expect(decrementSlot(day, 'dinner')).toBe(0);
    expect(decrementSlot({ dinner: 0.25 }, 'dinner')).toBe(0.25);
    expect(decrementSlot(day, 'lunch')).toBe(0);
    expect([canEmptySlot(day, 'dinner'), canEmptySlot({ dinner: 2 }, 'dinner'), canEmptySlot({ dinner: 2 }, 'lunch')]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('reads a typed cell: the nearest quarter within the day, empty or 0 empties it unless it is the last', () => {
    expect(['1,5', '1.1', '0.1', '', '0', 'abc', '80'].map((text) => parseSlot(text, day, 'breakfast'))).toEqual([
      1.5, 1, 0, 0, 0, 0, 49.75,
    ]);
    expect(['', '0', '0,1'].map((text) => parseSlot(text, { lunch: 2 }, 'lunch'))).toEqual([2, 2, 2]);
  });

  it('keeps the slots in the order of the day and leaves an emptied one out', () => {
    expect(Object.keys(withSlot({ dinner: 1, breakfast: 1 }, 'waking', 0.5))).toEqual(['waking', 'breakfast', 'dinner']);
    expect(withSlot(day, 'dinner', 0)).toEqual({ breakfast: 1 });
  });
});

describe('applySchedulePatch', () => {
  it('changes only what the patch names; null clears, undefined keeps', () => {
    const base = schedule({ cycle: { on_days: 5, off_days: 2 }, weeks: 12, start_date: '2026-12-01' });
    expect(applySchedulePatch(base, { slots: { dinner: 1, breakfast: 0 }, with_food: 'with', cycle: null })).toEqual({
      ...base,
      slots: { dinner: 1 },
      with_food: 'with',
      cycle: null,
    });
    expect(applySchedulePatch(base, {})).toEqual(base);
  });
});

describe('scheduleProblems', () => {
  it('takes a schedule the server takes', () => {
    const good = schedule({
      slots: { waking: 0.25, breakfast: 1, lunch: 1, dinner: 1, bedtime: 46.75 },
      with_food: 'without',
      cycle: { on_days: 365, off_days: 1 },
      start_date: '2028-02-29',
      weeks: 104,
      steps: Array.from({ length: 8 }, (_, index) => ({ from_week: index + 2, slots: { breakfast: index + 1 } })),
    });
    expect(codes(good)).toEqual([]);
  });

  it('names each broken rule, and the step it is in', () => {
    expect(codes(schedule({ slots: {} }))).toEqual(['slots-empty']);
    expect(codes(schedule({ slots: { breakfast: 1.1 } }))).toEqual(['slot-value']);
    expect(codes(schedule({ slots: { breakfast: 30, dinner: 20.25 } }))).toEqual(['slots-total']);
    expect(codes(schedule({ cycle: { on_days: 0, off_days: 2 } }))).toEqual(['cycle']);
    expect(codes(schedule({ cycle: { on_days: 5, off_days: Number.NaN } }))).toEqual(['cycle']);
    expect(codes(schedule({ cycle: { on_days: 5.5, off_days: 366 } }))).toEqual(['cycle']);
    expect(codes(schedule({ start_date: '2026-02-29' }))).toEqual(['start-date']);
    expect(codes(schedule({ weeks: 0 }))).toEqual(['weeks']);
    expect(codes(schedule({ weeks: 105 }))).toEqual(['weeks']);
    const nine = Array.from({ length: 9 }, (_, index) => ({ from_week: index + 2, slots: { breakfast: 1 } }));
    expect(codes(schedule({ steps: nine }))).toEqual(['steps-count']);
    const steps = [
      { from_week: 1, slots: { breakfast: 1 } },
      { from_week: 3, slots: {} },
      { from_week: 3, slots: { breakfast: 1 } },
      { from_week: 6, slots: { breakfast: 1 } },
    ];
    expect(codes(schedule({ weeks: 5, steps }))).toEqual(['step-week@0', 'slots-empty@1', 'step-week@2', 'step-week@3']);
  });

  it('knows a calendar day', () => {
    expect(['2026-12-01', '2028-02-29', '2026-02-29', '2026-13-01', '1.12.2026', ''].map(isDay)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('scheduleRead (a live document, read like the server projects it)', () => {
  it('reads a flat map back into the schedule it was written from', () => {
    const value = schedule({
      slots: { breakfast: 1, dinner: 2 },
      with_food: 'with',
      cycle: { on_days: 5, off_days: 2 },
      start_date: '2026-12-01',
      weeks: 12,
      steps: [{ from_week: 3, slots: { breakfast: 2, dinner: 2 } }],
    });
    expect(scheduleRead(scheduleFields(value))).toEqual(value);
    expect(scheduleFields(value)).toMatchObject({ waking: 0, breakfast: 1, lunch: 0, dinner: 2, bedtime: 0 });
  });

  it('empties a slot with an odd value and puts a number on its quarter; blank with food is any', () => {
    expect(scheduleRead({ waking: '1', breakfast: 1.1, lunch: true, dinner: -2, bedtime: 0.2, with_food: null })).toEqual(
      schedule({ slots: { breakfast: 1 } }),
    );
  });

  it('reads a schedule that breaks any other rule as none', () => {
    const fields = scheduleFields(schedule());
    expect(scheduleRead({ ...fields, breakfast: 0 })).toBeNull();
    expect(scheduleRead({ ...fields, with_food: 'often' })).toBeNull();
    expect(scheduleRead({ ...fields, cycle: [5, 2] })).toBeNull();
    expect(scheduleRead({ ...fields, cycle: { on_days: '5', off_days: 2 } })).toBeNull();
    expect(scheduleRead({ ...fields, weeks: '12' })).toBeNull();
    expect(scheduleRead({ ...fields, start_date: 20261201 })).toBeNull();
    expect(scheduleRead({ ...fields, steps: { from_week: 2 } })).toBeNull();
    expect(scheduleRead({ ...fields, steps: [{ from_week: 2, slots: [1] }] })).toBeNull();
  });
});

describe('scheduleDefault', () => {
  it('splits whole servings between breakfast and dinner, breakfast taking the larger half and any part', () => {
    expect([1, 2, 2.5, 3, 0.5].map((servings) => scheduleDefault(servings).slots)).toEqual([
      { breakfast: 1 },
      { breakfast: 1, dinner: 1 },
      { breakfast: 1.5, dinner: 1 },
      { breakfast: 2, dinner: 1 },
      { breakfast: 0.5 },
    ]);
  });
});
