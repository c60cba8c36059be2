/**
 * Money and line arithmetic for the builder's local copy of a protocol. Amounts are the server's
 * 2-decimal strings; sums are done in whole cents so 0.1 + 0.2 stays 0.30.
 */
import type { LineSchedule, LineSubstitute, Protocol, ProtocolProduct } from '../api/types';
import { quantityToSend } from './quantity';
import { applySchedulePatch, scheduleDailyDose, type SchedulePatch } from './schedule';

export function toCents(amount: string | number): number {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

export function fromCents(cents: number): string {
  return (Math.max(0, cents) / 100).toFixed(2);
}

/**
 * Spec docs/spec-coverage.md#s3-first-variant-price: the line's own price, else its first variant's (the
 * server puts the line's first).
 */
export function unitPriceCents(product: ProtocolProduct): number {
  return toCents(product.price || product.variants[0]?.price || 0);
}

/**
 * The line with a new count, note and schedule, its line total following the count and its daily dose the
 * schedule's (the server's read-only `servings_per_day`).
 */
export function withLine(
  product: ProtocolProduct,
  itemCount: number,
  notes: string,
  schedule: LineSchedule = product.schedule,
): ProtocolProduct {
  const count = quantityToSend(itemCount);
  return {
    ...product,
    item_count: count,
    notes,
    schedule,
    servings_per_day: scheduleDailyDose(schedule),
    line_total: fromCents(unitPriceCents(product) * count),
  };
}

/**
 * Moves the total by the change of one line (price × count before and after). A delta rather than a
 * fresh sum, because the server's total also counts lines it leaves out of `products`.
 */
export function shiftTotal(protocol: Protocol, before: ProtocolProduct | null, after: ProtocolProduct | null): string {
  const old = before ? unitPriceCents(before) * before.item_count : 0;
  const next = after ? unitPriceCents(after) * after.item_count : 0;
  return fromCents(toCents(protocol.total_price) + next - old);
}

/** Adds a line: a new variant goes first; one already there takes the new count in its place. */
export function addLine(protocol: Protocol, product: ProtocolProduct): Protocol {
  const line = withLine(product, product.item_count, product.notes);
  const index = protocol.products.findIndex((item) => item.product_variant_id === line.product_variant_id);
  const before = index >= 0 ? (protocol.products[index] ?? null) : null;
  const products =
    index >= 0
      ? protocol.products.map((item, position) => (position === index ? line : item))
      : [line, ...protocol.products];
  return {
    ...protocol,
    products,
    product_count: index >= 0 ? protocol.product_count : protocol.product_count + 1,
    total_price: shiftTotal(protocol, before, line),
  };
}

export interface LineChange {
  quantity?: number;
  notes?: string;
  schedule?: LineSchedule;
}

/** Changes a line's count, note and/or schedule; an unknown variant leaves the protocol as it is. */
export function updateLine(protocol: Protocol, productVariantId: number, change: LineChange): Protocol {
  const before = protocol.products.find((item) => item.product_variant_id === productVariantId);
  if (!before) return protocol;
  const after = withLine(
    before,
    change.quantity ?? before.item_count,
    change.notes ?? before.notes,
    change.schedule ?? before.schedule,
  );
  return {
    ...protocol,
    products: protocol.products.map((item) => (item === before ? after : item)),
    total_price: shiftTotal(protocol, before, after),
  };
}

/** Applies a schedule change to a line (an unknown variant leaves the protocol as it is). */
export function patchLineSchedule(protocol: Protocol, productVariantId: number, patch: SchedulePatch): Protocol {
  const line = protocol.products.find((item) => item.product_variant_id === productVariantId);
  return line ? updateLine(protocol, productVariantId, { schedule: applySchedulePatch(line.schedule, patch) }) : protocol;
}

/** Removes a line, subtracting its price times its count from the total. */
export function removeLine(protocol: Protocol, productVariantId: number): Protocol {
  const before = protocol.products.find((item) => item.product_variant_id === productVariantId);
  if (!before) return protocol;
  return {
    ...protocol,
    products: protocol.products.filter((item) => item !== before),
    product_count: Math.max(0, protocol.product_count - 1),
    total_price: shiftTotal(protocol, before, null),
  };
}

/**
 * Sets a line's substitute (null: none). Prices and totals stay: the protocol's totals are those of the
 * protocol as written (docs/decisions/0041-substitutes.md).
 */
export function setSubstitute(protocol: Protocol, productVariantId: number, substitute: LineSubstitute | null): Protocol {
  if (!protocol.products.some((item) => item.product_variant_id === productVariantId)) return protocol;
  return {
    ...protocol,
    products: protocol.products.map((item) => (item.product_variant_id === productVariantId ? { ...item, substitute } : item)),
  };
}
