import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';

import { ToastViewport } from '../../components/ui/toast/toast-viewport';
import { RegionNotice } from '../../features/region/components/region-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Spec section 2: every navigation scrolls smoothly to the top (not a hash-only change). */
function useScrollToTopOnNavigation() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, search]);
}

export function AppShell() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  useScrollToTopOnNavigation();

  const shopName = t('shop.name');
  useEffect(() => {
    document.title = shopName;
  }, [shopName]);

  return (
    <div className="app">
      {navigation.state !== 'idle' && (
        <div className="navigation-progress" role="progressbar" aria-label={t('loading')} />
      )}
      <SiteHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter />
      <ToastViewport />
      <RegionNotice />
    </div>
  );
}
