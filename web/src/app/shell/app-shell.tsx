import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';

import { ToastViewport } from '../../components/ui/toast/toast-viewport';
import {
  BuilderProvider,
  LazyAddToProtocolButton,
  LazyProtocolBuilder,
  LiveEditorProvider,
} from '../../features/protocol-builder';
import { RefillNotice } from '../../features/client-protocols';
import { RegionNotice } from '../../features/region/components/region-notice';
import { BackInStockNotice } from '../../features/stock-alerts';
import { RoleGate, USER_TYPES } from '../../lib/session';
import { ProductActionSlotContext, type RenderProductAction } from '../../lib/slots/product-action-slot';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const CLIENTS: readonly number[] = [USER_TYPES.CLIENT];

const renderAddToProtocol: RenderProductAction = (props) => <LazyAddToProtocolButton {...props} />;

/**
 * Spec docs/spec-coverage.md#s2-smooth-scroll-top-navigation: every navigation scrolls smoothly to the top
 * (not a hash-only change). Not the page's first load: the browser has placed it already, and scrolling there
 * forced a layout before the first paint (19 ms of a product list's first load, in Chromium's profile).
 */
function useScrollToTopOnNavigation() {
  const { pathname, search } = useLocation();
  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
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
    // The builder wraps every page: the active protocol is live-edited (Yjs) wherever the practitioner
    // is, the protocol page edits through the same editor, and a product page adds to it.
    <BuilderProvider editorProvider={LiveEditorProvider}>
      <ProductActionSlotContext value={renderAddToProtocol}>
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
          <LazyProtocolBuilder />
          <RoleGate allowed={CLIENTS}>
            <Suspense fallback={null}>
              <RefillNotice />
            </Suspense>
          </RoleGate>
          <BackInStockNotice />
        </div>
      </ProductActionSlotContext>
    </BuilderProvider>
  );
}
