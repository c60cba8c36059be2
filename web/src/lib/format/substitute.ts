/**
 * How a substitute compares with the product it stands in for (docs/decisions/0041-substitutes.md). The
 * server sends the dose ratio (one serving of the substitute against one of the original) and the signed
 * price difference; components/ui/substitute-difference.tsx says both in words, for the cart, the builder and
 * the client's protocols alike, from these.
 */
import type { Language } from '../languages';
import { formatAmount } from './number';

/**
 * `half`: one serving holds half as much; `times`: `ratio` times as much (1.5, 2, 0.75). Null when there is
 * nothing to say: the same dose, or no ratio (a product without supplement facts).
 */
export type DoseChange = { kind: 'half' } | { kind: 'times'; ratio: number };

export function doseChange(ratio: number | null | undefined): DoseChange | null {
  if (ratio == null || !Number.isFinite(ratio) || ratio <= 0) return null;
  // The server rounds to two places; rounding again keeps 0.499999 from reading as "0.5×".
  const rounded = Math.round(ratio * 100) / 100;
  if (rounded === 1) return null;
  if (rounded === 0.5) return { kind: 'half' };
  return { kind: 'times', ratio: rounded };
}

/** A ratio as the reader writes numbers (`1.5`, `1,5`), for "1.5× the dose". */
export function formatRatio(ratio: number, language: Language): string {
  return formatAmount(ratio, language);
}

/** `amount` is the size of the difference (never negative); null when the server's text is unreadable. */
export type PriceChange = { kind: 'cheaper' | 'dearer'; amount: number } | { kind: 'same' };

export function priceChange(difference: string): PriceChange | null {
  const value = Number.parseFloat(difference);
  if (!Number.isFinite(value)) return null;
  // Compared in cents: "-0.00" and float noise are the same price.
  const cents = Math.round(value * 100);
  if (cents === 0) return { kind: 'same' };
  return { kind: cents < 0 ? 'cheaper' : 'dearer', amount: Math.abs(cents) / 100 };
}
