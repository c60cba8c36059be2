/**
 * Servings, the unit of a line's day (docs/decisions/0043-the-day-schedule.md, state/schedule.ts): quarter
 * steps from 0.25 to 50 in a time slot, the rule of server/nutrition/dose.py.
 */
export const SERVINGS_STEP = 0.25;
export const MIN_SERVINGS = 0.25;
export const MAX_SERVINGS = 50;
/** What + puts in an empty slot, and a line's dose until the label's is known. */
export const DEFAULT_SERVINGS = 1;

/**
 * Servings read from the live document, the way the server reads them: a number in range goes on the
 * nearest quarter; anything else (a string, 0, a negative number, more than 50) is null.
 */
export function servingsRead(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value < MIN_SERVINGS || value > MAX_SERVINGS) return null;
  return Math.max(MIN_SERVINGS, Math.round(value / SERVINGS_STEP) * SERVINGS_STEP);
}

/** What a servings box keeps of what was typed: digits and one decimal separator (a point or a comma). */
export function servingsChars(text: string): string {
  const kept = text.replace(/[^\d.,]+/g, '').replace(',', '.');
  const point = kept.indexOf('.');
  return point < 0 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/[.,]/g, '');
}
