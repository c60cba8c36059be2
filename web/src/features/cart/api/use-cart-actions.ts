import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { toast } from '../../../lib/toast/toast-store';
import { addCartItem } from './add-cart-item';
import { CART_KEY, type Cart } from './cart';
import { clearCart } from './clear-cart';
import { removeCartItem } from './remove-cart-item';
import { replaceCart, type CartLineInput } from './replace-cart';
import { updateCartItem } from './update-cart-item';

/**
 * Cart writes run one after another, tab-wide: each reads the cart the previous one answered, so two
 * quick clicks on "−" at quantity 2 decrement, then remove, instead of both setting 1.
 */
let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** What a write does with the cart as it is when its turn comes; undefined = nothing to send. */
type Write = (current: Cart | undefined) => Promise<Cart> | undefined;

interface WriteOptions {
  /**
   * Hand the failure to the caller instead of the toast, for a screen that says what went wrong where the
   * buyer acted (the cart line's "Replace").
   */
  rethrow?: boolean;
}

/**
 * The cart's transitions (spec: docs/spec-coverage.md#s4-cart-add-merges-product). Every call answers the
 * whole cart, which replaces the cached one; a failed write shows a toast and refetches, so the screen never
 * shows a guess.
 */
export function useCartActions() {
  const { mutate } = useSWRConfig();
  const { t } = useTranslation('cart');
  const [pending, setPending] = useState(0);

  const write = useCallback(
    async (run: Write, { rethrow = false }: WriteOptions = {}): Promise<Cart | undefined> => {
      setPending((count) => count + 1);
      try {
        return await enqueue(() =>
          mutate<Cart>(CART_KEY, async (current) => (await run(current)) ?? current, { revalidate: false }),
        );
      } catch (error) {
        void mutate(CART_KEY);
        if (rethrow) throw error;
        console.error('Cart update failed', error);
        toast.error(t('error.update'));
        return undefined;
      } finally {
        setPending((count) => count - 1);
      }
    },
    [mutate, t],
  );

  return useMemo(
    () => ({
      /** True while a write is on its way. */
      pending: pending > 0,
      /** Add: merges by product and variant and adds the quantity. */
      add: (productVariantId: number, quantity = 1) => write(() => addCartItem(productVariantId, quantity)),
      /** Remove: decrements by 1; at 1 the line is removed. */
      decrement: (productVariantId: number) =>
        write((current) => {
          const line = current?.items.find((item) => item.product_variant_id === productVariantId);
          if (!line) return undefined;
          return line.quantity <= 1
            ? removeCartItem(productVariantId)
            : updateCartItem(productVariantId, line.quantity - 1);
        }),
      /** Update quantity: 0 removes the line; otherwise sets it (adding the line if missing). */
      setQuantity: (productVariantId: number, quantity: number) =>
        write(() => updateCartItem(productVariantId, quantity)),
      /** Removes the whole line, whatever its quantity. */
      removeLine: (productVariantId: number) => write(() => removeCartItem(productVariantId)),
      /**
       * Puts `quantity` of `substituteId` in place of the line `productVariantId` (a sold-out line's
       * alternative): adds first and removes only once the add went through, in one turn of the queue, so
       * a refused add leaves the cart as it was. Rejects with the failure for the line to show.
       */
      replaceLine: (productVariantId: number, substituteId: number, quantity: number) =>
        write(
          async () => {
            await addCartItem(substituteId, quantity);
            return removeCartItem(productVariantId);
          },
          { rethrow: true },
        ),
      /** Set the whole cart. */
      replace: (items: readonly CartLineInput[]) => write(() => replaceCart(items)),
      /** Reset. */
      clear: () => write(() => clearCart()),
    }),
    [pending, write],
  );
}
