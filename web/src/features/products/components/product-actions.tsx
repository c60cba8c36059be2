import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { toast } from '../../../lib/toast/toast-store';
import { ApiError } from '../../../lib/api/http';
import { addVariantToCart } from '../../../lib/cart/add-to-cart';
import { createStockAlert } from '../../../lib/stock/create-stock-alert';
import { addToWishlist } from '../api/add-to-wishlist';
import { useSignedIn } from '../../../lib/session/use-signed-in';

const DONE = {
  cart: 'actions.added-to-cart',
  wishlist: 'actions.added-to-wishlist',
  alert: 'actions.notify-me-done',
} as const;
const FAILED = {
  cart: 'actions.cart-failed',
  wishlist: 'actions.wishlist-failed',
  alert: 'actions.notify-me-failed',
} as const;

interface ProductActionsProps {
  variantId: number;
  quantity: number;
  /** An unavailable variant cannot go into the cart; it can still be wished for. */
  available: boolean;
  /** Sold out: the cart button says so (and stays disabled). */
  soldOut?: boolean;
}

/**
 * "Add to cart" and "add to wishlist" of the product page. Both need a signed-in user 
 * (spec: docs/spec-coverage.md#s6-cart-wishlist-need-signed); signed out, a prompt links to sign-in and no
 * request is made.
 */
export function ProductActions({ variantId, quantity, available, soldOut = false }: ProductActionsProps) {
  const { t } = useTranslation('catalog');
  const signedIn = useSignedIn();
  const [busy, setBusy] = useState<'cart' | 'wishlist' | 'alert' | null>(null);
  const prompt = useRef<HTMLParagraphElement>(null);

  const run = async (kind: 'cart' | 'wishlist' | 'alert') => {
    if (!signedIn) {
      // Signed out: no request; the sign-in link next to the buttons takes the focus.
      prompt.current?.querySelector('a')?.focus();
      return;
    }
    setBusy(kind);
    try {
      if (kind === 'cart') await addVariantToCart(variantId, quantity);
      else if (kind === 'wishlist') await addToWishlist(variantId);
      else await createStockAlert(variantId);
      toast.success(t(DONE[kind]));
    } catch (error) {
      console.error(`The ${kind} action of variant ${variantId} failed`, error);
      if (error instanceof ApiError && error.status === 401) toast.error(t('actions.session-expired'));
      else toast.error(t(FAILED[kind]));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="product-actions">
      <div className="product-actions__buttons">
        <button
          type="button"
          className="button"
          disabled={!available || busy !== null}
          aria-busy={busy === 'cart' || undefined}
          onClick={() => void run('cart')}
        >
          {t(soldOut ? 'actions.sold-out' : 'actions.add-to-cart')}
        </button>
        {soldOut && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            aria-busy={busy === 'alert' || undefined}
            onClick={() => void run('alert')}
          >
            {t('actions.notify-me')}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          aria-busy={busy === 'wishlist' || undefined}
          onClick={() => void run('wishlist')}
        >
          {t('actions.add-to-wishlist')}
        </button>
      </div>
      {!signedIn && (
        <p className="product-actions__sign-in" ref={prompt}>
          {t('actions.sign-in-prompt')}{' '}
          <LocalizedLink to="/login">
            {t('actions.sign-in')}
          </LocalizedLink>
        </p>
      )}
    </div>
  );
}
