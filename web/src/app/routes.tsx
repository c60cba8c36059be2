import type { i18n as I18n } from 'i18next';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { replace } from 'react-router';

import { PageLoading } from '../components/ui/page-loading';
import { prefetchCatalog } from '../features/products/api/prefetch-catalog';
import { setApiLanguage } from '../lib/api/http';
import { detectLanguage } from '../lib/i18n';
import { isLanguage } from '../lib/languages';
import { ErrorScreen } from './error-screen';
import { resolveLanguageRedirect } from './language-redirect';
import { lazySection } from './lazy-section';
import { AppShell } from './shell/app-shell';

/**
 * Redirects URLs without a supported language (or old store URLs) and otherwise makes
 * i18next follow the language of the URL before the page renders.
 */
function createLanguageLoader(i18n: I18n) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const redirect = resolveLanguageRedirect(url, detectLanguage(i18n));
    if (redirect) {
      if (redirect.reason === 'unsupported') {
        console.warn(`Unsupported language in "${url.pathname}", using "${redirect.to}" instead.`);
      }
      return replace(redirect.to);
    }
    if (isLanguage(params.lang) && i18n.language !== params.lang) {
      await i18n.changeLanguage(params.lang);
    }
    // Taxonomy names and server messages come back in the language of the URL.
    if (isLanguage(params.lang)) setApiLanguage(params.lang);
    return null;
  };
}

/**
 * Entering the products section starts its API calls and its translations right away: they run
 * while the section's chunk loads (the route's `lazy`, in parallel with this loader) instead of
 * one after the other once its components render. Nothing is awaited, so the page never waits
 * longer than before; the hooks pick the replies up under the same keys.
 */
function createProductsLoader(i18n: I18n) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const { lang } = params;
    // An unknown language is redirected by the parent's loader; nothing to fetch for it.
    if (!isLanguage(lang)) return null;
    prefetchCatalog(params['*'] ?? '', new URL(request.url).searchParams, lang);
    void i18n.loadNamespaces('catalog');
    return null;
  };
}

export function createRoutes(i18n: I18n): RouteObject[] {
  const languageLoader = createLanguageLoader(i18n);
  return [
    {
      path: '/',
      errorElement: <ErrorScreen />,
      HydrateFallback: PageLoading,
      children: [
        // Only redirects (`/` goes to `/{lang}`); the spinner covers the moment before it does.
        { index: true, loader: languageLoader, Component: PageLoading },
        {
          path: ':lang',
          loader: languageLoader,
          element: <AppShell />,
          children: [
            {
              // Section errors keep the header: this boundary sits inside the shell.
              errorElement: <ErrorScreen />,
              children: [
                {
                  index: true,
                  lazy: lazySection(() =>
                    import('../features/general/pages/home-page').then((m) => ({ Component: m.HomePage })),
                  ),
                },
                {
                  path: 'products/*',
                  loader: createProductsLoader(i18n),
                  // Within the section the page's own hooks ask (a filter change, another product):
                  // a prefetch there would only race them.
                  shouldRevalidate: () => false,
                  lazy: lazySection(() =>
                    import('../features/products/pages/products-page').then((m) => ({
                      Component: m.ProductsPage,
                    })),
                  ),
                },
                {
                  path: 'search-results',
                  lazy: lazySection(() =>
                    import('../features/search/pages/search-results-page').then((m) => ({
                      Component: m.SearchResultsPage,
                    })),
                  ),
                },
                {
                  path: 'cart',
                  lazy: lazySection(() =>
                    import('../features/cart/pages/cart-page').then((m) => ({ Component: m.CartPage })),
                  ),
                },
                {
                  // The checkout (docs/decisions/0019-the-checkout-page.md): address, shipping method,
                  // summary, then the provider's page.
                  path: 'checkout',
                  lazy: lazySection(() =>
                    import('../features/checkout/pages/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
                  ),
                },
                {
                  path: 'wishlist',
                  lazy: lazySection(() =>
                    import('../features/wishlist/pages/wishlist-page').then((m) => ({
                      Component: m.WishlistPage,
                    })),
                  ),
                },
                {
                  path: 'onboarding/*',
                  lazy: lazySection(() =>
                    import('../features/onboarding/pages/onboarding-page').then((m) => ({
                      Component: m.OnboardingPage,
                    })),
                  ),
                },
                {
                  // Sign-in, at the spec's path; /auth/login redirects here (spec:
                  // docs/spec-coverage.md#s2-login-sign-canonical-auth).
                  path: 'login',
                  lazy: lazySection(() =>
                    import('../features/auth/pages/auth-page').then((m) => ({ Component: m.LoginRoute })),
                  ),
                },
                {
                  path: 'auth/*',
                  lazy: lazySection(() =>
                    import('../features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })),
                  ),
                },
                {
                  path: 'account/practitioner/protocols/:id',
                  lazy: lazySection(() =>
                    import('../features/protocol-builder/pages/protocol-page').then((m) => ({
                      Component: m.ProtocolPage,
                    })),
                  ),
                },
                {
                  path: 'account/orders',
                  lazy: lazySection(() =>
                    import('../features/orders/pages/orders-page').then((m) => ({ Component: m.OrdersPage })),
                  ),
                },
                {
                  // The user's back-in-stock alerts (docs/api.md "Stock"), any role signed in.
                  path: 'account/stock-alerts',
                  lazy: lazySection(() =>
                    import('../features/stock-alerts/pages/stock-alerts-page').then((m) => ({
                      Component: m.StockAlertsPage,
                    })),
                  ),
                },
                {
                  path: 'account/orders/:number',
                  lazy: lazySection(() =>
                    import('../features/orders/pages/order-page').then((m) => ({ Component: m.OrderPage })),
                  ),
                },
                {
                  // The embedded test provider's hosted page (docs/operations.md "Payments").
                  path: 'payments/test/:id',
                  lazy: lazySection(() =>
                    import('../features/test-payment/pages/test-payment-page').then((m) => ({
                      Component: m.TestPaymentPage,
                    })),
                  ),
                },
                {
                  // Where a provider sends the buyer back: the order page, which follows the payment live.
                  path: 'checkout/return/:number',
                  lazy: lazySection(() =>
                    import('../features/orders/pages/order-page').then((m) => ({ Component: m.OrderPage })),
                  ),
                },
                {
                  // Automatic refills (docs/decisions/0042-automatic-refills.md): the list, subscribing from a
                  // protocol or an order, one refill (the e-mails link there), and a notice's one-click link.
                  path: 'account/refills',
                  lazy: lazySection(() =>
                    import('../features/subscriptions/pages/subscriptions-page').then((m) => ({
                      Component: m.SubscriptionsPage,
                    })),
                  ),
                },
                {
                  path: 'account/refills/new',
                  lazy: lazySection(() =>
                    import('../features/subscriptions/pages/subscribe-page').then((m) => ({ Component: m.SubscribePage })),
                  ),
                },
                {
                  path: 'account/refills/:id',
                  lazy: lazySection(() =>
                    import('../features/subscriptions/pages/subscription-page').then((m) => ({
                      Component: m.SubscriptionPage,
                    })),
                  ),
                },
                {
                  path: 'refills/actions/:token',
                  lazy: lazySection(() =>
                    import('../features/subscriptions/pages/action-page').then((m) => ({ Component: m.ActionPage })),
                  ),
                },
                {
                  path: 'account/client/protocols',
                  lazy: lazySection(() =>
                    import('../features/client-protocols/pages/client-protocols-page').then((m) => ({
                      Component: m.ClientProtocolsPage,
                    })),
                  ),
                },
                {
                  // The client's day (docs/decisions/0043-the-day-schedule.md): what to take at each time of
                  // day, one-tap check-ins, the streak; the daily e-mail's links come here.
                  path: 'account/today',
                  lazy: lazySection(() =>
                    import('../features/today/pages/today-page').then((m) => ({ Component: m.TodayPage })),
                  ),
                },
                {
                  // The client's medicines, for their practitioners' interaction warnings.
                  path: 'account/medicines',
                  lazy: lazySection(() =>
                    import('../features/medicines/pages/medicines-page').then((m) => ({ Component: m.MedicinesPage })),
                  ),
                },
                {
                  // The one click of a refill reminder (docs/decisions/0032-refills-timed-to-the-bottle.md):
                  // the protocol's products into the cart.
                  path: 'refill/:protocol_id',
                  lazy: lazySection(() =>
                    import('../features/client-protocols/pages/refill-page').then((m) => ({ Component: m.RefillPage })),
                  ),
                },
                {
                  // Shareable protocol links work signed out (spec: docs/spec-coverage.md#s2-protocol-link).
                  path: 'protocols/:link_token',
                  lazy: lazySection(() =>
                    import('../features/client-protocols/pages/protocol-link-page').then((m) => ({
                      Component: m.ProtocolLinkPage,
                    })),
                  ),
                },
                {
                  // The practice-management area of spec docs/spec-coverage.md#s2-practice-management-area
                  // (path ours, docs/decisions/0016-spec-coverage.md).
                  path: 'account/practitioner',
                  lazy: lazySection(() =>
                    import('../features/practice/pages/practice-page').then((m) => ({ Component: m.PracticePage })),
                  ),
                },
                {
                  // The practitioner's earnings (docs/decisions/0020-practitioner-earnings.md): figures,
                  // chart, ledger, statements, payout details.
                  path: 'account/practitioner/earnings',
                  lazy: lazySection(() =>
                    import('../features/earnings/pages/earnings-page').then((m) => ({ Component: m.EarningsPage })),
                  ),
                },
                {
                  // Target of the old store's /pages/practitioners-information (spec:
                  // docs/spec-coverage.md#s2-practitioners-information).
                  path: 'practitioners-information',
                  lazy: lazySection(() =>
                    import('../features/practice/pages/practitioners-information-page').then((m) => ({
                      Component: m.PractitionersInformationPage,
                    })),
                  ),
                },
                {
                  path: 'account/practitioner/store',
                  lazy: lazySection(() =>
                    import('../features/store-editor/pages/store-editor-page').then((m) => ({
                      Component: m.StoreEditorPage,
                    })),
                  ),
                },
                {
                  // A practitioner's public store page (our choice of path, docs/api.md).
                  path: 'store/:shop_name',
                  lazy: lazySection(() =>
                    import('../features/store-page/pages/store-page').then((m) => ({ Component: m.StorePage })),
                  ),
                },
                {
                  path: 'account/*',
                  lazy: lazySection(() =>
                    import('../features/account/pages/account-page').then((m) => ({
                      Component: m.AccountPage,
                    })),
                  ),
                },
                {
                  path: '*',
                  lazy: lazySection(() =>
                    import('../features/general/pages/not-found-page').then((m) => ({
                      Component: m.NotFoundPage,
                    })),
                  ),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
