import { renderRoutes } from '../../../testing/render-routes';
import { MedicinesPage } from '../pages/medicines-page';

/** The medicines page under the route the app gives it, with a fresh SWR cache and the real translations. */
export function renderPage(url = '/en/account/medicines') {
  return renderRoutes([{ path: '/:lang/account/medicines', element: <MedicinesPage /> }], {
    url,
    namespaces: ['medicines'],
    languageFromUrl: true,
  });
}
