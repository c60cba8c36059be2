/**
 * The 409 `out_of_stock` refusal of placing an order or starting its payment
 * (docs/decisions/0040-stock-a-ledger-below-orders.md): `{code: "out_of_stock", message, errors, lines}`,
 * every short line with what is left of it. Not in the OpenAPI document (an error body), so it is read
 * defensively here.
 */
import { ApiError } from '../api/http';

export interface ShortLine {
  product_variant_id: number;
  name: string;
  /** What is left to buy: 0 is sold out. */
  available: number;
}

function shortLineOf(value: unknown): ShortLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const { product_variant_id: id, name, available } = value as Record<string, unknown>;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof available !== 'number') return null;
  return { product_variant_id: id, name, available: Math.max(0, Math.floor(available)) };
}

/** The short lines of an `out_of_stock` refusal; null for any other failure (or one naming no line). */
export function readOutOfStock(error: unknown): ShortLine[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; lines?: unknown } | null;
  if (body?.code !== 'out_of_stock' || !Array.isArray(body.lines)) return null;
  const lines = (body.lines as unknown[]).map(shortLineOf).filter((line): line is ShortLine => line !== null);
  return lines.length > 0 ? lines : null;
}
