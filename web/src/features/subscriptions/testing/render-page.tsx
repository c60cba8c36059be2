import { useParams } from 'react-router';

import { renderRoutes } from '../../../testing/render-routes';
import { ActionPage } from '../pages/action-page';
import { SubscribePage } from '../pages/subscribe-page';
import { SubscriptionPage } from '../pages/subscription-page';
import { SubscriptionsPage } from '../pages/subscriptions-page';

function PaymentStub() {
  const { id } = useParams();
  return <h1>{`payment page ${id ?? ''}`}</h1>;
}

/** The refill pages under the routes the app gives them, and the test provider's page as a stub. */
export function renderPage(url: string) {
  return renderRoutes(
    [
      { path: '/:lang/account/refills', element: <SubscriptionsPage /> },
      { path: '/:lang/account/refills/new', element: <SubscribePage /> },
      { path: '/:lang/account/refills/:id', element: <SubscriptionPage /> },
      { path: '/:lang/refills/actions/:token', element: <ActionPage /> },
      { path: '/:lang/payments/test/:id', element: <PaymentStub /> },
    ],
    { url, namespaces: ['subscriptions', 'checkout'] },
  );
}
