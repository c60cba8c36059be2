import type { ReactNode } from 'react';

import { renderRoutes } from '../../../testing/render-routes';
import { ProtocolLinkPage } from '../pages/protocol-link-page';
import { ClientProtocolsPage } from '../pages/client-protocols-page';
import { RefillNotice } from '../components/refill-notice';
import { RefillPage } from '../pages/refill-page';

/**
 * The two pages under the routes the app gives them, with a fresh SWR cache and the real translations.
 * `header` stands in for the app's header (a test puts the cart badge there).
 */
export function renderPage(url: string, header: ReactNode = null) {
  return renderRoutes(
    [
      { path: '/:lang/account/client/protocols', element: <>{header}<ClientProtocolsPage /></> },
      { path: '/:lang/protocols/:link_token', element: <>{header}<ProtocolLinkPage /></> },
      { path: '/:lang/refill/:protocol_id', element: <>{header}<RefillPage /></> },
      { path: '/:lang/cart', element: <>{header}<p data-testid="cart-page" /></> },
      // Any page of the app, where the shell shows the refill notice.
      { path: '/:lang', element: <>{header}<RefillNotice /></> },
    ],
    // Read before rendering: a first suspension on a busy machine can outlast a query's default wait.
    { url, namespaces: ['client-protocols', 'cart', 'nutrition'] },
  );
}
