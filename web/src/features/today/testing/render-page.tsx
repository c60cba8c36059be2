import { renderRoutes } from '../../../testing/render-routes';
import { TodayPage } from '../pages/today-page';

/** The Today page under the route the app gives it, with a fresh SWR cache and the real translations. */
export function renderPage(url = '/en/account/today') {
  return renderRoutes([{ path: '/:lang/account/today', element: <TodayPage /> }], {
    url,
    namespaces: ['today'],
    languageFromUrl: true,
  });
}
