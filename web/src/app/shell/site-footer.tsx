import { useTranslation } from 'react-i18next';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <span className="site-footer__brand">{t('shop.name')}</span>
        <span>{t('shop.tagline')}</span>
      </div>
    </footer>
  );
}
