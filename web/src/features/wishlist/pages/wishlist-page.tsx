import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { useWishlist } from '../api/get-wishlist';
import { useWishlistActions } from '../api/use-wishlist-actions';
import { WishlistRow } from '../components/wishlist-row';
import '../../../components/ui/line-list.css';
import '../components/wishlist.css';

export function WishlistPage() {
  const { t } = useTranslation('cart');
  const { items, error, signedIn, revalidate } = useWishlist();
  const actions = useWishlistActions();

  if (!signedIn) {
    return (
      <PageIntro title={t('wishlist.title')}>
        <p className="page-intro__lead">{t('wishlist.signed-out')}</p>
        <LocalizedLink className="button" to="/login">
          {t('wishlist.sign-in')}
        </LocalizedLink>
      </PageIntro>
    );
  }

  if (!items) {
    return (
      <PageIntro title={t('wishlist.title')}>
        {error ? (
          <div className="wishlist-message" role="alert">
            <p>{t('wishlist.error')}</p>
            <button type="button" className="button" onClick={() => void revalidate()}>
              {t('wishlist.retry')}
            </button>
          </div>
        ) : (
          <p className="wishlist-message" aria-busy="true">
            {t('wishlist.loading')}
          </p>
        )}
      </PageIntro>
    );
  }

  return (
    <PageIntro title={t('wishlist.title')}>
      {items.length === 0 ? (
        <div className="wishlist-message">
          <p>{t('wishlist.empty')}</p>
          <LocalizedLink className="button" to="/products">
            {t('wishlist.browse')}
          </LocalizedLink>
        </div>
      ) : (
        <ul className="line-list wishlist-rows" aria-label={t('wishlist.list-label')}>
          {items.map((item) => (
            <WishlistRow key={item.wishlist_item_id} item={item} actions={actions} />
          ))}
        </ul>
      )}
    </PageIntro>
  );
}
