import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';

import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { SearchBox } from '../components/search-box';
import { SearchResultsPage } from '../pages/search-results-page';
import type { SearchStore } from '../state/search-store';

/** A shell with the search box in its header, the results page and two other pages, at `url`. */
export async function renderSearch(url: string, store?: SearchStore) {
  await testI18nReady;
  const language = url.split('/')[1] ?? 'en';
  await testI18n.changeLanguage(language);
  await testI18n.loadNamespaces('search');
  const router = createMemoryRouter(
    [
      {
        path: '/:lang',
        element: (
          <>
            <header>
              <SearchBox store={store} />
            </header>
            <main>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { index: true, element: null },
          { path: 'search-results', element: <SearchResultsPage /> },
          { path: 'products/*', element: null },
          { path: 'cart', element: null },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nextProvider i18n={testI18n}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </SWRConfig>
    </I18nextProvider>,
  );
  return { ...view, router };
}
