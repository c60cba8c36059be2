import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { toast } from '../../../lib/toast/toast-store';
import { addVariantToCart } from '../../../lib/cart/add-to-cart';
import { addWishlistItem } from './add-wishlist-item';
import { removeWishlistItem } from './remove-wishlist-item';
import { WISHLIST_KEY, type WishlistItem } from './wishlist';

/**
 * Spec docs/spec-coverage.md#s4-wishlist-add-remove-update: add and remove change the list only after the
 * call succeeded (the answer replaces it; nothing optimistic). Spec
 * docs/spec-coverage.md#s8-wishlist-marketing-event: wishlist failures are logged only.
 */
export function useWishlistActions() {
  const { mutate } = useSWRConfig();
  const { t } = useTranslation('cart');
  // Variant ids with a call on its way, so their buttons can be disabled.
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const track = useCallback(async <T>(productVariantId: number, run: () => Promise<T>): Promise<T> => {
    setBusy((current) => new Set(current).add(productVariantId));
    try {
      return await run();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(productVariantId);
        return next;
      });
    }
  }, []);

  const store = useCallback(
    (items: WishlistItem[]) => mutate(WISHLIST_KEY, items, { revalidate: false }),
    [mutate],
  );

  const add = useCallback(
    (productVariantId: number) =>
      track(productVariantId, async () => {
        try {
          await store(await addWishlistItem(productVariantId));
          return true;
        } catch (error) {
          console.error('Wishlist add failed', error);
          return false;
        }
      }),
    [store, track],
  );

  const remove = useCallback(
    (productVariantId: number) =>
      track(productVariantId, async () => {
        try {
          await store(await removeWishlistItem(productVariantId));
          return true;
        } catch (error) {
          console.error('Wishlist remove failed', error);
          return false;
        }
      }),
    [store, track],
  );

  /** Into the cart first, then off the list: a failure in between leaves it in both, never in neither. */
  const moveToCart = useCallback(
    (item: WishlistItem) =>
      track(item.product_variant_id, async () => {
        const name = item.product.name;
        try {
          await addVariantToCart(item.product_variant_id);
        } catch (error) {
          console.error('Move to cart failed', error);
          toast.error(t('wishlist.move-failed', { name }));
          return false;
        }
        toast.success(t('wishlist.moved', { name }));
        try {
          await store(await removeWishlistItem(item.product_variant_id));
        } catch (error) {
          console.error('Wishlist remove after move failed', error);
        }
        return true;
      }),
    [store, t, track],
  );

  return useMemo(
    () => ({ add, remove, moveToCart, isBusy: (productVariantId: number) => busy.has(productVariantId) }),
    [add, remove, moveToCart, busy],
  );
}
