import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { CART_KEY, CART_TOPICS, readCart, type Cart } from './cart';
import { useSignedIn } from '../../../lib/session/use-signed-in';

/** `GET /v2/storefront/cart` (auth required). */
export async function fetchCart(): Promise<Cart> {
  return readCart(await apiFetch<unknown>(CART_KEY, { auth: 'required' }));
}

/**
 * The signed-in user's cart, kept current by the events socket (`cart.updated` from any device).
 * Signed out there is no cart: the cached one is reset (spec:
 * docs/spec-coverage.md#s4-loggedout-non-empty-cart), so the next user never sees it.
 */
export function useCart() {
  const signedIn = useSignedIn();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!signedIn) void mutate(CART_KEY, undefined, { revalidate: false });
  }, [signedIn, mutate]);
  // Every cart write answers the whole cart into CART_KEY: this page's own events need no refetch.
  useRealtimeKey(CART_TOPICS, signedIn ? CART_KEY : null, { skipOwnWrites: true });
  const { data, error, isLoading, mutate: revalidate } = useSWR<Cart, unknown>(signedIn ? CART_KEY : null, fetchCart);
  return { cart: signedIn ? data : undefined, error, isLoading, signedIn, revalidate };
}
