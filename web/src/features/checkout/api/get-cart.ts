import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import type { Stock } from '../../../lib/stock/stock';
import { CART_PATH, CHECKOUT_CART_KEY, CHECKOUT_TOPICS } from './keys';
import type { CheckoutCart } from './types';

/** A cart line as the checkout reads it: how many, and how many are left of it. */
export interface CheckoutCartLine {
  product_variant_id: number;
  quantity: number;
  stock: Stock | undefined;
}

/**
 * The cart's lines, or none for an empty cart. Spec docs/spec-coverage.md#s4-server-answer-total-key: an
 * answer with a `total` key is the empty cart; so is an answer without an items list.
 */
export function cartLinesOf(answer: unknown): CheckoutCartLine[] {
  if (typeof answer !== 'object' || answer === null || 'total' in answer) return [];
  const items = (answer as Partial<CheckoutCart>).items;
  if (!Array.isArray(items)) return [];
  return items.map((item) => ({
    product_variant_id: item.product_variant_id,
    quantity: item.quantity,
    stock: (item as Partial<typeof item>).stock,
  }));
}

/** `GET /v2/storefront/cart` (auth required): what there is to check out, with each line's stock. */
export async function fetchCheckoutCart(): Promise<CheckoutCartLine[]> {
  return cartLinesOf(await apiFetch<unknown>(CART_PATH, { auth: 'required' }));
}

/** The signed-in buyer's cart lines (empty: nothing to check out), following changes from any device. */
export function useCheckoutCart(enabled: boolean) {
  const key = enabled ? CHECKOUT_CART_KEY : null;
  useRealtimeKey(CHECKOUT_TOPICS, key);
  return useSWR<CheckoutCartLine[], unknown>(key, fetchCheckoutCart);
}
