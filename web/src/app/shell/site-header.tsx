import { useTranslation } from 'react-i18next';

import { LocalizedLink, LocalizedNavLink } from '../../components/ui/localized-link';
import { LanguageSwitcher } from './language-switcher';

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <LocalizedLink to="/" className="site-header__brand">
          {t('shop.name')}
        </LocalizedLink>
        <nav className="site-header__nav" aria-label={t('nav.label')}>
          <LocalizedNavLink to="/products" className="site-header__link">
            {t('nav.products')}
          </LocalizedNavLink>
          <LocalizedNavLink to="/auth/login" className="site-header__link">
            {t('nav.sign-in')}
          </LocalizedNavLink>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
