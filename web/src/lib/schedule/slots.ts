/**
 * The day of a protocol line (docs/decisions/0043-the-day-schedule.md): servings per time slot, with food
 * or not. The builder edits it and the client's pages say it in words, so both take the slots' order from
 * here.
 */
import type { Schemas } from '../api/types';

export type Slot = keyof Schemas['SlotsOut'];
export type WithFood = Schemas['ScheduleOut']['with_food'];

/** The time slots in the order of the day (waking 07:00 ... bedtime 22:00 on the server). */
export const SLOTS: readonly Slot[] = ['waking', 'breakfast', 'lunch', 'dinner', 'bedtime'];

export const WITH_FOOD: readonly WithFood[] = ['with', 'without', 'any'];
