import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { readWishlist, WISHLIST_KEY, WISHLIST_TOPICS, type WishlistItem } from './wishlist';

/** `GET /v2/account/wishlist` (auth required). */
export async function fetchWishlist(): Promise<WishlistItem[]> {
  return readWishlist(await apiFetch<unknown>(WISHLIST_KEY, { auth: 'required' }));
}

/**
 * Spec docs/spec-coverage.md#s4-wishlist-loads-when-logged: the wishlist loads when signed in and is emptied
 * otherwise. Kept current across devices by `wishlist.updated` on the events socket.
 */
export function useWishlist() {
  const signedIn = useSignedIn();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!signedIn) void mutate(WISHLIST_KEY, undefined, { revalidate: false });
  }, [signedIn, mutate]);
  // Every wishlist write answers the whole list into WISHLIST_KEY: this page's own events need no refetch.
  useRealtimeKey(WISHLIST_TOPICS, signedIn ? WISHLIST_KEY : null, { skipOwnWrites: true });
  const { data, error, isLoading, mutate: revalidate } = useSWR<WishlistItem[], unknown>(signedIn ? WISHLIST_KEY : null, fetchWishlist);
  return { items: signedIn ? data : undefined, error, isLoading, signedIn, revalidate };
}
