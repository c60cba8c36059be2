/**
 * A line's daily dose in servings (docs/architecture.md, "Daily totals"): quarter steps from 0.25 to 50,
 * the rule of server/nutrition/dose.py. The stepper moves by a quarter below 2 servings and by a half
 * above, where a quarter capsule is rarely what anyone writes.
 */
export const SERVINGS_STEP = 0.25;
export const MIN_SERVINGS = 0.25;
export const MAX_SERVINGS = 50;
export const DEFAULT_SERVINGS = 1;

/** The nearest quarter, held in range; anything unreadable is one serving. */
export function servingsToSend(value: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? MAX_SERVINGS : DEFAULT_SERVINGS;
  const quarters = Math.round(value / SERVINGS_STEP) * SERVINGS_STEP;
  return Math.min(MAX_SERVINGS, Math.max(MIN_SERVINGS, quarters));
}

/**
 * A dose read from the live document, the way the server reads it: a number in range goes on the nearest
 * quarter; anything else (a string, 0, a negative number, more than 50) is null, and the line keeps the
 * dose it had.
 */
export function servingsRead(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value < MIN_SERVINGS || value > MAX_SERVINGS) return null;
  return Math.max(MIN_SERVINGS, Math.round(value / SERVINGS_STEP) * SERVINGS_STEP);
}

/** What the dose box keeps of what was typed: digits and one decimal separator (a point or a comma). */
export function servingsChars(text: string): string {
  const kept = text.replace(/[^\d.,]+/g, '').replace(',', '.');
  const point = kept.indexOf('.');
  return point < 0 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/[.,]/g, '');
}

/** The dose box's text as the dose to send: empty or 0 is the smallest dose, then the nearest quarter. */
export function parseServings(text: string): number {
  const value = Number(servingsChars(text));
  return servingsToSend(text.trim() === '' || value === 0 ? MIN_SERVINGS : value);
}

function stepOf(current: number, up: boolean): number {
  return (up ? current >= 2 : current > 2) ? 0.5 : SERVINGS_STEP;
}

export function incrementServings(current: number): number {
  return servingsToSend(current + stepOf(current, true));
}

/** The minus stops at a quarter serving: a dose never removes the product (the quantity does). */
export function decrementServings(current: number): number {
  return servingsToSend(current - stepOf(current, false));
}
