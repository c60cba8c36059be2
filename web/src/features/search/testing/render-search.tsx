import { Outlet } from 'react-router';

import { renderRoutes } from '../../../testing/render-routes';
import { SearchBox } from '../components/search-box';
import { SearchResultsPage } from '../pages/search-results-page';
import type { SearchStore } from '../state/search-store';

/** A shell with the search box in its header, the results page and two other pages, at `url`. */
export function renderSearch(url: string, store?: SearchStore) {
  return renderRoutes(
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
    { url, languageFromUrl: true, namespaces: 'search' },
  );
}
