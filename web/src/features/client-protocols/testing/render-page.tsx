import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { ProtocolLinkPage } from '../pages/protocol-link-page';
import { ClientProtocolsPage } from '../pages/client-protocols-page';
import { RefillNotice } from '../components/refill-notice';
import { RefillPage } from '../pages/refill-page';

/**
 * The two pages under the routes the app gives them, with a fresh SWR cache and the real translations.
 * `header` stands in for the app's header (a test puts the cart badge there).
 */
export async function renderPage(url: string, header: ReactNode = null) {
  await testI18nReady;
  // Read before rendering: a first suspension on a busy machine can outlast a query's default wait.
  await testI18n.loadNamespaces(['client-protocols', 'cart', 'nutrition']);
  const router = createMemoryRouter(
    [
      { path: '/:lang/account/client/protocols', element: <>{header}<ClientProtocolsPage /></> },
      { path: '/:lang/protocols/:link_token', element: <>{header}<ProtocolLinkPage /></> },
      { path: '/:lang/refill/:protocol_id', element: <>{header}<RefillPage /></> },
      { path: '/:lang/cart', element: <>{header}<p data-testid="cart-page" /></> },
      // Any page of the app, where the shell shows the refill notice.
      { path: '/:lang', element: <>{header}<RefillNotice /></> },
    ],
    { initialEntries: [url] },
  );
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nextProvider i18n={testI18n}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </SWRConfig>,
  );
}
