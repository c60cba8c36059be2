import { beforeAll, describe, expect, it } from 'vitest';

import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import type { LineSchedule } from '../api/types';
import { scheduleWords } from './schedule-words';

const BASE: LineSchedule = { slots: { breakfast: 1 }, with_food: 'any', cycle: null, start_date: null, weeks: null, steps: [] };

beforeAll(async () => {
  await testI18nReady;
  await testI18n.loadNamespaces('client-protocols');
  await testI18n.loadLanguages(['de', 'ja']);
});

const words = (schedule: Partial<LineSchedule>, language: 'en' | 'de' | 'ja' = 'en') =>
  scheduleWords({ ...BASE, ...schedule }, testI18n.getFixedT(language, 'client-protocols'), language);

describe('scheduleWords', () => {
  it('says the slots in the order of the day, and with food or without it; "any" says nothing', () => {
    expect(words({})).toEqual(['Breakfast 1']);
    expect(words({ slots: { bedtime: 1, waking: 0.25, dinner: 1.5 }, with_food: 'with' })).toEqual([
      'Waking 0.25 · Dinner 1.5 · Bedtime 1 · with food',
    ]);
    expect(words({ slots: { lunch: 2 }, with_food: 'without' })).toEqual(['Lunch 2 · without food']);
  });

  it('adds the cycle, the length and the start, each counted in the reader’s plural', () => {
    expect(words({ cycle: { on_days: 5, off_days: 2 } })).toEqual(['Breakfast 1', '5 days on, 2 off']);
    expect(words({ cycle: { on_days: 1, off_days: 1 } })[1]).toBe('1 day on, 1 off');
    expect(words({ weeks: 12, start_date: '2026-12-01' })[1]).toBe('for 12 weeks from December 1, 2026');
    expect(words({ weeks: 1 })[1]).toBe('for 1 week');
    expect(words({ start_date: '2026-12-01' })[1]).toBe('from December 1, 2026');
  });

  it('says each titration step from its week, after the rest', () => {
    expect(
      words({
        weeks: 8,
        steps: [
          { from_week: 3, slots: { breakfast: 1, dinner: 1 } },
          { from_week: 5, slots: { breakfast: 2, dinner: 1 } },
        ],
      }),
    ).toEqual(['Breakfast 1', 'for 8 weeks', 'from week 3: Breakfast 1 · Dinner 1', 'from week 5: Breakfast 2 · Dinner 1']);
  });

  it('writes numbers and dates the reader’s way', () => {
    expect(words({ slots: { breakfast: 1.5 }, with_food: 'with', weeks: 2, start_date: '2026-12-01' }, 'de')).toEqual([
      'Frühstück 1,5 · zum Essen',
      '2 Wochen lang ab 1. Dezember 2026',
    ]);
    expect(words({ slots: { breakfast: 1, dinner: 1 }, cycle: { on_days: 5, off_days: 2 } }, 'ja')).toEqual([
      '朝食：1・夕食：1',
      '5日間服用、2日間休止',
    ]);
  });
});
