/**
 * Spec docs/spec-coverage.md#s5-quantity's quantity rules for a protocol line: digits only, empty becomes 1,
 * below 1 is sent as 1, decrementing below 1 removes the product, adding with a count under 1 adds 1.
 */

export const MIN_QUANTITY = 1;
/** The server refuses a line above this (server/protocols/services.py MAX_QUANTITY). */
export const MAX_QUANTITY = 999;

/** What the quantity box keeps of what was typed or pasted: its digits, nothing else. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/**
 * A count that may be sent: whole, at least 1, at most the server's cap. Anything unreadable (NaN,
 * infinity) counts as the empty box, which is 1.
 */
export function quantityToSend(count: number): number {
  if (!Number.isFinite(count)) return count === Infinity ? MAX_QUANTITY : MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.floor(count)));
}

/** The quantity box's text as the count to send: digits only, empty is 1, 0 is 1. */
export function parseQuantity(text: string): number {
  const digits = digitsOnly(text);
  // A pasted run of digits may be longer than a safe integer; it is over the cap either way.
  if (digits.length > String(MAX_QUANTITY).length) return MAX_QUANTITY;
  return quantityToSend(digits === '' ? MIN_QUANTITY : Number(digits));
}

export type QuantityStep = { kind: 'set'; quantity: number } | { kind: 'remove' };

/** The stepper's minus: from 1 (or an impossible count below it) the product leaves the protocol. */
export function decrementQuantity(current: number): QuantityStep {
  const next = Math.floor(current) - 1;
  return next < MIN_QUANTITY ? { kind: 'remove' } : { kind: 'set', quantity: Math.min(MAX_QUANTITY, next) };
}

/** The stepper's plus, held at the server's cap. */
export function incrementQuantity(current: number): number {
  return quantityToSend(Math.floor(current) + 1);
}

/** The count a product is added with: under 1 (or unset) becomes 1. */
export function quantityToAdd(count: number | null | undefined): number {
  return quantityToSend(count ?? MIN_QUANTITY);
}
