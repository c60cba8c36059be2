/**
 * What buyers see of a variant's stock (docs/decisions/0040-stock-a-ledger-below-orders.md), as the product,
 * variant, wishlist, protocol and cart replies carry it: `available` only when `low`, `note` only on
 * back-order. The server decides what can be bought; screens only show it.
 */
import type { Schemas } from '../api/types';

export type Stock = Schemas['StockOut'];

/** The stock of the variant `id` among a product's `variants`, if the reply names it. */
export function variantStock(variants: readonly { id: number; stock?: Stock }[], id: number): Stock | undefined {
  return variants.find((variant) => variant.id === id)?.stock;
}

/** Fewer are left than `quantity` asks for: a low variant (the only state with a count) below it. */
export function exceedsStock(stock: Stock | undefined, quantity: number): boolean {
  return stock?.state === 'low' && stock.available !== null && quantity > stock.available;
}
