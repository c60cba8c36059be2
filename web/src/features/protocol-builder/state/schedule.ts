/**
 * A protocol line's day (docs/decisions/0043-the-day-schedule.md) with the rules of
 * server/nutrition/schedule.py: servings per time slot in quarter steps from 0.25 to 50, at least one slot
 * with servings and at most 50 a day; a cycle of 1 to 365 days on and off; a length of 1 to 104 weeks; at
 * most 8 titration steps from week 2 on, each later than the one before and within the length. The two
 * must change together: what the builder lets through is what the server stores.
 */
import { SLOTS, WITH_FOOD, type Slot, type WithFood } from '../../../lib/schedule/slots';
import type { LineSchedule, ScheduleCycle, ScheduleSlots, ScheduleStep } from '../api/types';
import { DEFAULT_SERVINGS, MAX_SERVINGS, MIN_SERVINGS, SERVINGS_STEP, servingsChars, servingsRead } from './servings';

export const MAX_CYCLE_DAYS = 365;
export const MAX_WEEKS = 104;
export const MAX_STEPS = 8;
/** Week 1 always takes the base slots. */
export const FIRST_STEP_WEEK = 2;

export function slotServings(slots: ScheduleSlots, slot: Slot): number {
  return slots[slot] ?? 0;
}

export function slotsTotal(slots: ScheduleSlots): number {
  return SLOTS.reduce((sum, slot) => sum + slotServings(slots, slot), 0);
}

/**
 * The line's daily dose, the server's `servings_per_day`: the highest daily sum of the base slots and every
 * step's, since the upper-limit warnings must see the largest dose the client will take. Quarters add up
 * exactly in binary, so no rounding is needed.
 */
export function scheduleDailyDose(schedule: Pick<LineSchedule, 'slots' | 'steps'>): number {
  return Math.max(slotsTotal(schedule.slots), ...schedule.steps.map((step) => slotsTotal(step.slots)));
}

/** The slots with `slot` holding `servings` (0 empties it), in the day's order. */
export function withSlot(slots: ScheduleSlots, slot: Slot, servings: number): ScheduleSlots {
  const next: ScheduleSlots = {};
  for (const each of SLOTS) {
    const value = each === slot ? servings : slotServings(slots, each);
    if (value > 0) next[each] = value;
  }
  return next;
}

/** A slot may be emptied unless it is the only one with servings: a line always has a day. */
export function canEmptySlot(slots: ScheduleSlots, slot: Slot): boolean {
  return SLOTS.some((other) => other !== slot && slotServings(slots, other) > 0);
}

/** The most `slot` may hold with the others as they are: a day holds at most 50 servings. */
export function slotLimit(slots: ScheduleSlots, slot: Slot): number {
  return MAX_SERVINGS - (slotsTotal(slots) - slotServings(slots, slot));
}

/** A cell's +: an empty slot takes one serving, a filled one a quarter more, within the day's 50. */
export function incrementSlot(slots: ScheduleSlots, slot: Slot): number {
  const current = slotServings(slots, slot);
  return Math.max(current, Math.min(current === 0 ? DEFAULT_SERVINGS : current + SERVINGS_STEP, slotLimit(slots, slot)));
}

/** A cell's −: a quarter less; below a quarter the slot is empty, unless it is the line's last one. */
export function decrementSlot(slots: ScheduleSlots, slot: Slot): number {
  const current = slotServings(slots, slot);
  if (current - SERVINGS_STEP >= MIN_SERVINGS) return current - SERVINGS_STEP;
  return canEmptySlot(slots, slot) ? 0 : current;
}

/**
 * A cell's typed text: empty or 0 empties the slot (the line's last one keeps what it had), anything else
 * goes on the nearest quarter, within the day's 50.
 */
export function parseSlot(text: string, slots: ScheduleSlots, slot: Slot): number {
  const value = Number(servingsChars(text));
  const quarters = Number.isFinite(value) ? Math.round(value / SERVINGS_STEP) * SERVINGS_STEP : 0;
  if (quarters <= 0) return canEmptySlot(slots, slot) ? 0 : slotServings(slots, slot);
  return Math.min(quarters, slotLimit(slots, slot));
}

/**
 * A change to a schedule: only the entries named change. The live document gets exactly these keys (one
 * slot, `with_food`, ...), so two devices changing two of them both keep their change; REST sends the
 * whole schedule with these applied.
 */
export interface SchedulePatch {
  /** Servings per slot; 0 empties the slot. */
  slots?: Partial<Record<Slot, number>>;
  with_food?: WithFood;
  cycle?: ScheduleCycle | null;
  start_date?: string | null;
  weeks?: number | null;
  steps?: ScheduleStep[];
}

export function applySchedulePatch(schedule: LineSchedule, patch: SchedulePatch): LineSchedule {
  let slots = schedule.slots;
  for (const slot of SLOTS) {
    const servings = patch.slots?.[slot];
    if (servings !== undefined) slots = withSlot(slots, slot, servings);
  }
  return {
    slots,
    with_food: patch.with_food ?? schedule.with_food,
    cycle: patch.cycle === undefined ? schedule.cycle : patch.cycle,
    start_date: patch.start_date === undefined ? schedule.start_date : patch.start_date,
    weeks: patch.weeks === undefined ? schedule.weeks : patch.weeks,
    steps: patch.steps ?? schedule.steps,
  };
}

export type ScheduleProblemCode =
  | 'slots-empty'
  | 'slot-value'
  | 'slots-total'
  | 'with-food'
  | 'cycle'
  | 'start-date'
  | 'weeks'
  | 'steps-count'
  | 'step-week';

/** A broken rule; `step` is the index of the step it is in (null: the base slots or the schedule itself). */
export interface ScheduleProblem {
  code: ScheduleProblemCode;
  step: number | null;
}

function isWhole(value: unknown, low: number, high: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high;
}

function isServings(value: number): boolean {
  return Number.isFinite(value) && value >= MIN_SERVINGS && value <= MAX_SERVINGS && Number.isInteger(value / SERVINGS_STEP);
}

/** A calendar day written `YYYY-MM-DD` that exists (not 2026-02-30). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function slotsProblems(slots: ScheduleSlots, step: number | null): ScheduleProblem[] {
  const values = SLOTS.map((slot) => slotServings(slots, slot)).filter((value) => value !== 0);
  if (values.some((value) => !isServings(value))) return [{ code: 'slot-value', step }];
  if (values.length === 0) return [{ code: 'slots-empty', step }];
  return slotsTotal(slots) > MAX_SERVINGS ? [{ code: 'slots-total', step }] : [];
}

/** Every rule the schedule breaks; none means the server takes it. */
export function scheduleProblems(schedule: LineSchedule): ScheduleProblem[] {
  const problems = slotsProblems(schedule.slots, null);
  const add = (code: ScheduleProblemCode, step: number | null = null) => problems.push({ code, step });
  if (!WITH_FOOD.includes(schedule.with_food)) add('with-food');
  const { cycle, start_date: start, weeks, steps } = schedule;
  if (cycle !== null && !(isWhole(cycle.on_days, 1, MAX_CYCLE_DAYS) && isWhole(cycle.off_days, 1, MAX_CYCLE_DAYS))) add('cycle');
  if (start !== null && !isDay(start)) add('start-date');
  const weeksValid = weeks === null || isWhole(weeks, 1, MAX_WEEKS);
  if (!weeksValid) add('weeks');
  // Steps are held to the length only when it is one.
  const length = weeksValid ? weeks : null;
  if (steps.length > MAX_STEPS) add('steps-count');
  let previous = FIRST_STEP_WEEK - 1;
  steps.forEach((step, index) => {
    const week = step.from_week;
    const fits = isWhole(week, FIRST_STEP_WEEK, MAX_WEEKS) && week > previous && (length === null || week <= length);
    if (!fits) add('step-week', index);
    if (Number.isFinite(week)) previous = Math.max(previous, week);
    problems.push(...slotsProblems(step.slots, index));
  });
  return problems;
}

/** Refused before anything is written: the schedule breaks the rules above. */
export class ScheduleRefusedError extends Error {
  constructor(readonly problems: readonly ScheduleProblem[]) {
    super(`The schedule breaks a rule: ${problems.map((problem) => problem.code).join(', ')}.`);
    this.name = 'ScheduleRefusedError';
  }
}

/** Python's idea of an empty value (`value or default` in the server's reader). */
function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A slot's odd value (a string, 0, a negative number, more than 50) is an empty slot; a number goes on its quarter. */
function slotsRead(value: Readonly<Record<string, unknown>>): ScheduleSlots {
  const slots: ScheduleSlots = {};
  for (const slot of SLOTS) {
    const servings = servingsRead(value[slot]);
    if (servings !== null) slots[slot] = servings;
  }
  return slots;
}

/**
 * A schedule from a live document's flat schedule map (its entries as plain values), read the way the
 * server's projector reads it (`schedule_read`): a slot's odd value empties that slot; anything else that
 * breaks a rule (no slot left, a cycle of 0 days, steps out of order, a value of the wrong type) makes the
 * whole schedule unreadable: null, and the line keeps the schedule it had.
 */
export function scheduleRead(fields: Readonly<Record<string, unknown>>): LineSchedule | null {
  const withFood = isBlank(fields.with_food) ? 'any' : fields.with_food;
  if (typeof withFood !== 'string' || !WITH_FOOD.includes(withFood as WithFood)) return null;
  let cycle: ScheduleCycle | null = null;
  if (fields.cycle !== undefined && fields.cycle !== null) {
    if (!isPlainObject(fields.cycle)) return null;
    const { on_days: on, off_days: off } = fields.cycle;
    if (typeof on !== 'number' || typeof off !== 'number') return null;
    cycle = { on_days: on, off_days: off };
  }
  const weeks = fields.weeks ?? null;
  if (weeks !== null && typeof weeks !== 'number') return null;
  const start = fields.start_date === '' ? null : (fields.start_date ?? null);
  if (start !== null && typeof start !== 'string') return null;
  const rawSteps = isBlank(fields.steps) ? [] : fields.steps;
  if (!Array.isArray(rawSteps)) return null;
  const steps: ScheduleStep[] = [];
  for (const raw of rawSteps as unknown[]) {
    if (!isPlainObject(raw) || typeof raw.from_week !== 'number' || !isPlainObject(raw.slots)) return null;
    steps.push({ from_week: raw.from_week, slots: slotsRead(raw.slots) });
  }
  const schedule: LineSchedule = {
    slots: slotsRead(fields),
    with_food: withFood as WithFood,
    cycle,
    start_date: start,
    weeks,
    steps,
  };
  return scheduleProblems(schedule).length === 0 ? schedule : null;
}

/**
 * The entries of a live document's flat schedule map: every slot (0 when empty, so writing it clears the
 * slot), then the rest, as the server writes them (server/protocols/doc/shape.py).
 */
export function scheduleFields(schedule: LineSchedule): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const slot of SLOTS) fields[slot] = slotServings(schedule.slots, slot);
  return {
    ...fields,
    with_food: schedule.with_food,
    cycle: schedule.cycle,
    start_date: schedule.start_date,
    weeks: schedule.weeks,
    steps: schedule.steps,
  };
}

/**
 * The schedule a line starts with from a dose alone, as the server's `schedule_default`: whole servings
 * split between breakfast and dinner, breakfast taking the larger half and any part of a serving.
 */
export function scheduleDefault(servings: number): LineSchedule {
  const dinner = Math.floor(Math.floor(servings) / 2);
  const breakfast = servings - dinner;
  return {
    slots: dinner > 0 ? { breakfast, dinner } : { breakfast },
    with_food: 'any',
    cycle: null,
    start_date: null,
    weeks: null,
    steps: [],
  };
}

function sameSlots(a: ScheduleSlots, b: ScheduleSlots): boolean {
  return SLOTS.every((slot) => slotServings(a, slot) === slotServings(b, slot));
}

export function sameCycle(a: ScheduleCycle | null, b: ScheduleCycle | null): boolean {
  return a === null || b === null ? a === b : a.on_days === b.on_days && a.off_days === b.off_days;
}

export function sameSteps(a: readonly ScheduleStep[], b: readonly ScheduleStep[]): boolean {
  return (
    a.length === b.length &&
    a.every((step, index) => {
      const other = b[index];
      return other !== undefined && step.from_week === other.from_week && sameSlots(step.slots, other.slots);
    })
  );
}
