import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { CART_PATH, CHECKOUT_CART_KEY, CHECKOUT_TOPICS } from './keys';
import type { CheckoutCart } from './types';

/**
 * Spec docs/spec-coverage.md#s4-server-answer-total-key: an answer with a `total` key is the empty cart; so
 * is an answer without an items list.
 */
export function isEmptyCart(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null || 'total' in answer) return true;
  const items = (answer as Partial<CheckoutCart>).items;
  return !Array.isArray(items) || items.length === 0;
}

/** `GET /v2/storefront/cart` (auth required): answers whether there is anything to check out. */
export async function fetchCartIsEmpty(): Promise<boolean> {
  return isEmptyCart(await apiFetch<unknown>(CART_PATH, { auth: 'required' }));
}

/** Whether the signed-in buyer's cart is empty, following changes from any device. */
export function useCartIsEmpty(enabled: boolean) {
  const key = enabled ? CHECKOUT_CART_KEY : null;
  useRealtimeKey(CHECKOUT_TOPICS, key);
  return useSWR<boolean, unknown>(key, fetchCartIsEmpty);
}
