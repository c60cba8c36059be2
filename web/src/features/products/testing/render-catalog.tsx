import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';

import { ToastViewport } from '../../../components/ui/toast/toast-viewport';
import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { ProductActionSlotContext, type RenderProductAction } from '../../../lib/slots/product-action-slot';
import { ProductsPage } from '../pages/products-page';

/**
 * The products section alone at `url`, with a fresh SWR cache. `/en` is the history entry before
 * it, so a test can tell a replaced entry from a pushed one by going back.
 */
/** What the app puts in the product page's action slot, as the page hands it over: variant and quantity. */
const slotProbe: RenderProductAction = ({ variantId, quantity }) => (
  <span data-testid="product-action-slot">{`${variantId}x${quantity}`}</span>
);

export async function renderCatalog(url: string) {
  await testI18nReady;
  const language = url.split('/')[1] ?? 'en';
  await testI18n.changeLanguage(language);
  const router = createMemoryRouter(
    [
      { path: '/:lang', element: null },
      { path: '/:lang/products/*', element: <ProductsPage /> },
      { path: '/:lang/login', element: null },
    ],
    { initialEntries: [`/${language}`, url], initialIndex: 1 },
  );
  const view = render(
    <I18nextProvider i18n={testI18n}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ProductActionSlotContext value={slotProbe}>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
            <ToastViewport />
          </Suspense>
        </ProductActionSlotContext>
      </SWRConfig>
    </I18nextProvider>,
  );
  return { ...view, router };
}

export function currentSearch(router: { state: { location: { search: string } } }) {
  return new URLSearchParams(router.state.location.search);
}
