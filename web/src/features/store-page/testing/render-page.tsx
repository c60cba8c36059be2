import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { StorePage } from '../pages/store-page';

/** The store page under the route the app gives it, with a fresh SWR cache and the real translations. */
export async function renderPage(url: string) {
  await testI18nReady;
  // Read before rendering: a first suspension on a busy machine can outlast a query's default wait.
  await testI18n.loadNamespaces(['store-page', 'catalog']);
  const router = createMemoryRouter([{ path: '/:lang/store/:shop_name', element: <StorePage /> }], {
    initialEntries: [url],
  });
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
