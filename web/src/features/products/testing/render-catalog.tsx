import type { ReactNode } from 'react';

import { ToastViewport } from '../../../components/ui/toast/toast-viewport';
import { ProductActionSlotContext, type RenderProductAction } from '../../../lib/slots/product-action-slot';
import { renderRoutes } from '../../../testing/render-routes';
import { ProductsPage } from '../pages/products-page';

/** What the app puts in the product page's action slot, as the page hands it over: variant and quantity. */
const slotProbe: RenderProductAction = ({ variantId, quantity }) => (
  <span data-testid="product-action-slot">{`${variantId}x${quantity}`}</span>
);

function SlotProbe({ children }: { children: ReactNode }) {
  return <ProductActionSlotContext value={slotProbe}>{children}</ProductActionSlotContext>;
}

/**
 * The products section alone at `url`, with a fresh SWR cache. `/en` is the history entry before
 * it, so a test can tell a replaced entry from a pushed one by going back.
 */
export function renderCatalog(url: string) {
  const language = url.split('/')[1] ?? 'en';
  return renderRoutes(
    [
      { path: '/:lang', element: null },
      { path: '/:lang/products/*', element: <ProductsPage /> },
      { path: '/:lang/login', element: null },
    ],
    { url, history: [`/${language}`], languageFromUrl: true, wrapper: SlotProbe, after: <ToastViewport /> },
  );
}

export function currentSearch(router: { state: { location: { search: string } } }) {
  return new URLSearchParams(router.state.location.search);
}
