/**
 * The "More timing" form of a line (components/more-timing.tsx): its cycle, start, length and titration
 * steps as typed, turned into the schedule's values and checked with state/schedule.ts before anything is
 * written.
 */
import type { LineSchedule, ScheduleSlots } from '../api/types';
import {
  FIRST_STEP_WEEK,
  MAX_STEPS,
  MAX_WEEKS,
  sameCycle,
  sameSteps,
  type SchedulePatch,
} from './schedule';

export interface StepDraft {
  fromWeek: string;
  slots: ScheduleSlots;
}

/** The boxes as typed: an empty box is "not set" (every day, from the client's start, no end). */
export interface TimingDraft {
  onDays: string;
  offDays: string;
  startDate: string;
  weeks: string;
  steps: StepDraft[];
}

type Timing = Pick<LineSchedule, 'cycle' | 'start_date' | 'weeks' | 'steps'>;

const textOf = (value: number | null) => (value === null ? '' : String(value));

export function timingDraftOf(schedule: LineSchedule): TimingDraft {
  return {
    onDays: textOf(schedule.cycle?.on_days ?? null),
    offDays: textOf(schedule.cycle?.off_days ?? null),
    startDate: schedule.start_date ?? '',
    weeks: textOf(schedule.weeks),
    steps: schedule.steps.map((step) => ({ fromWeek: String(step.from_week), slots: step.slots })),
  };
}

/** Null for an empty box; NaN for one that is not a number, which the schedule's rules then refuse. */
function numberOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The draft as schedule values; a cycle with one box empty is kept (as NaN) so that the rules refuse it. */
export function timingOf(draft: TimingDraft): Timing {
  const on = numberOf(draft.onDays);
  const off = numberOf(draft.offDays);
  return {
    cycle: on === null && off === null ? null : { on_days: on ?? Number.NaN, off_days: off ?? Number.NaN },
    start_date: draft.startDate.trim() === '' ? null : draft.startDate.trim(),
    weeks: numberOf(draft.weeks),
    steps: draft.steps.map((step) => ({ from_week: numberOf(step.fromWeek) ?? Number.NaN, slots: step.slots })),
  };
}

/**
 * Only what the form changed against the schedule it opened on, so that a live document gets those keys
 * alone and another device's change to the others stays.
 */
export function timingPatch(opened: LineSchedule, draft: TimingDraft): SchedulePatch {
  const timing = timingOf(draft);
  const patch: SchedulePatch = {};
  if (!sameCycle(timing.cycle, opened.cycle)) patch.cycle = timing.cycle;
  if (timing.start_date !== opened.start_date) patch.start_date = timing.start_date;
  if (!Object.is(timing.weeks, opened.weeks)) patch.weeks = timing.weeks;
  if (!sameSteps(timing.steps, opened.steps)) patch.steps = timing.steps;
  return patch;
}

/**
 * The step "Add a step" appends: a week after the last one (week 2 for the first), starting from the slots
 * before it; null when none fits (8 steps already, or the length is reached).
 */
export function addedStep(draft: TimingDraft, base: ScheduleSlots): StepDraft | null {
  if (draft.steps.length >= MAX_STEPS) return null;
  const last = draft.steps.at(-1);
  const lastWeek = last ? numberOf(last.fromWeek) : null;
  const week = Math.max(FIRST_STEP_WEEK, lastWeek !== null && Number.isInteger(lastWeek) ? lastWeek + 1 : draft.steps.length + FIRST_STEP_WEEK);
  const weeks = numberOf(draft.weeks);
  const length = weeks !== null && Number.isInteger(weeks) && weeks >= 1 ? Math.min(weeks, MAX_WEEKS) : MAX_WEEKS;
  if (week > length) return null;
  return { fromWeek: String(week), slots: { ...(last?.slots ?? base) } };
}
