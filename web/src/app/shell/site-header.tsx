import { useTranslation } from 'react-i18next';

import { LocalizedLink, LocalizedNavLink } from '../../components/ui/localized-link';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { CartBadge } from '../../features/cart/components/cart-badge';
import { StoreSwitcher } from '../../features/region/components/store-switcher';
import { SearchBox } from '../../features/search/components/search-box';
import { WishlistLink } from '../../features/wishlist/components/wishlist-link';
import { LanguageSwitcher } from './language-switcher';

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      {/* Where and how the visitor shops: a slim bar so the main row keeps room for the shop itself. */}
      <div className="site-header__bar">
        <StoreSwitcher />
        <LanguageSwitcher />
      </div>
      <div className="site-header__inner">
        <LocalizedLink to="/" className="site-header__brand">
          {t('shop.name')}
        </LocalizedLink>
        <nav className="site-header__nav" aria-label={t('nav.label')}>
          <LocalizedNavLink to="/products" className="site-header__link">
            {t('nav.products')}
          </LocalizedNavLink>
        </nav>
        <SearchBox />
        <WishlistLink />
        <CartBadge />
        <AccountMenu />
      </div>
    </header>
  );
}
