import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedNavLink } from '../../../components/ui/localized-link';
import '../../../components/ui/header-link.css';
import { useWishlist } from '../api/get-wishlist';

function WishlistLinkContent({ className }: { className?: string }) {
  const { t } = useTranslation('cart');
  const { items } = useWishlist();
  const count = items?.length ?? 0;
  return (
    <LocalizedNavLink
      to="/wishlist"
      className={['header-link', className].filter(Boolean).join(' ')}
      aria-label={t('wishlist.link-label', { items: count })}
    >
      <span aria-hidden="true">{t('wishlist.link-text')}</span>
      {/* A space, so the visible text reads as the start of the name ("Cart 1"), as axe requires. */}
      {' '}
      {count > 0 && (
        <span className="header-link__count" aria-hidden="true">
          {count}
        </span>
      )}
    </LocalizedNavLink>
  );
}

/** The header's link to the wishlist with the number of saved products. */
export function WishlistLink({ className }: { className?: string }) {
  // Its own boundary: the header must not wait for (or flash while) the `cart` translations load.
  return (
    <Suspense fallback={null}>
      <WishlistLinkContent className={className} />
    </Suspense>
  );
}
