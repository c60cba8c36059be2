import { renderRoutes } from '../../../testing/render-routes';
import { EarningsPage } from '../pages/earnings-page';

export const EARNINGS_URL = '/en/account/practitioner/earnings';

/** The earnings page under its route, with a fresh SWR cache and the real translations. */
export function renderEarnings(url = EARNINGS_URL) {
  return renderRoutes([{ path: '/:lang/account/practitioner/earnings', element: <EarningsPage /> }], {
    url,
    languageFromUrl: true,
    namespaces: ['earnings'],
  });
}
