import { describe, expect, it } from 'vitest';

import { schedule } from '../testing/protocol-fixtures';
import { addedStep, timingDraftOf, timingOf, timingPatch, type TimingDraft } from './timing-draft';

const EMPTY: TimingDraft = { onDays: '', offDays: '', startDate: '', weeks: '', steps: [] };

describe('the "More timing" form', () => {
  it('shows a schedule as boxes, empty where nothing is set', () => {
    expect(timingDraftOf(schedule())).toEqual(EMPTY);
    const steps = [{ from_week: 3, slots: { dinner: 2 } }];
    expect(timingDraftOf(schedule({ cycle: { on_days: 5, off_days: 2 }, start_date: '2026-12-01', weeks: 12, steps }))).toEqual({
      onDays: '5',
      offDays: '2',
      startDate: '2026-12-01',
      weeks: '12',
      steps: [{ fromWeek: '3', slots: { dinner: 2 } }],
    });
  });

  it('turns the boxes into schedule values; a half-filled cycle or a word stays for the rules to refuse', () => {
    expect(timingOf({ ...EMPTY, onDays: ' 5 ', offDays: '2', weeks: '12' })).toMatchObject({
      cycle: { on_days: 5, off_days: 2 },
      weeks: 12,
      start_date: null,
    });
    expect(timingOf({ ...EMPTY, onDays: '5' }).cycle).toEqual({ on_days: 5, off_days: Number.NaN });
    expect(timingOf({ ...EMPTY, weeks: 'x', steps: [{ fromWeek: '', slots: { lunch: 1 } }] })).toMatchObject({
      weeks: Number.NaN,
      steps: [{ from_week: Number.NaN, slots: { lunch: 1 } }],
    });
  });

  it('patches only what changed against the schedule the form opened on', () => {
    const opened = schedule({ cycle: { on_days: 5, off_days: 2 }, weeks: 12 });
    const draft = timingDraftOf(opened);
    expect(timingPatch(opened, draft)).toEqual({});
    expect(timingPatch(opened, { ...draft, weeks: '' })).toEqual({ weeks: null });
    expect(timingPatch(opened, { ...draft, onDays: '', offDays: '', startDate: '2026-12-01' })).toEqual({
      cycle: null,
      start_date: '2026-12-01',
    });
    expect(timingPatch(opened, { ...draft, steps: [{ fromWeek: '4', slots: { breakfast: 2 } }] })).toEqual({
      steps: [{ from_week: 4, slots: { breakfast: 2 } }],
    });
  });

  it('adds a step a week after the last, from the slots before it, while one fits', () => {
    const base = { breakfast: 1 };
    expect(addedStep(EMPTY, base)).toEqual({ fromWeek: '2', slots: { breakfast: 1 } });
    const one = { ...EMPTY, steps: [{ fromWeek: '4', slots: { breakfast: 2 } }] };
    expect(addedStep(one, base)).toEqual({ fromWeek: '5', slots: { breakfast: 2 } });
    expect(addedStep({ ...one, weeks: '4' }, base)).toBeNull();
    const eight = { ...EMPTY, steps: Array.from({ length: 8 }, (_, index) => ({ fromWeek: String(index + 2), slots: base })) };
    expect(addedStep(eight, base)).toBeNull();
    expect(addedStep({ ...EMPTY, steps: [{ fromWeek: 'x', slots: base }] }, base)?.fromWeek).toBe('3');
  });
});
