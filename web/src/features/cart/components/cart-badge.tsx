import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedNavLink } from '../../../components/ui/localized-link';
import '../../../components/ui/header-link.css';
import { useCart } from '../api/get-cart';

function CartBadgeContent({ className }: { className?: string }) {
  const { t } = useTranslation('cart');
  const { cart } = useCart();
  const items = cart?.total_items ?? 0;
  return (
    <LocalizedNavLink
      to="/cart"
      className={['header-link', className].filter(Boolean).join(' ')}
      aria-label={t('badge.label', { items })}
    >
      <span aria-hidden="true">{t('badge.text')}</span>
      {/* A space, so the visible text reads as the start of the name ("Cart 1"), as axe requires. */}
      {' '}
      {items > 0 && (
        <span className="header-link__count header-link__count--filled" aria-hidden="true" data-testid="cart-badge-count">
          {items}
        </span>
      )}
    </LocalizedNavLink>
  );
}

/** The header's link to the cart with the number of items (live across devices through the socket). */
export function CartBadge({ className }: { className?: string }) {
  // Its own boundary: the header must not wait for (or flash while) the `cart` translations load.
  return (
    <Suspense fallback={null}>
      <CartBadgeContent className={className} />
    </Suspense>
  );
}
