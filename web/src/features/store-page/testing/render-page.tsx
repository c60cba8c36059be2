import { renderRoutes } from '../../../testing/render-routes';
import { StorePage } from '../pages/store-page';

/** The store page under the route the app gives it, with a fresh SWR cache and the real translations. */
export function renderPage(url: string) {
  return renderRoutes([{ path: '/:lang/store/:shop_name', element: <StorePage /> }], {
    url,
    namespaces: ['store-page', 'catalog'],
  });
}
