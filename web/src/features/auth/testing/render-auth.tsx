// Test-only: renders the auth screens the way the app mounts them, with the session provider.
import { configure, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { ToastViewport } from '../../../components/ui/toast/toast-viewport';
import { SessionProvider } from '../../../lib/session';
import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { AccountMenu } from '../components/account-menu';
import { AuthPage, LoginRoute } from '../pages/auth-page';

// These screens load lazily and wait on MSW; a loaded CI machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Stands for every page outside the auth section: shows where the app went. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <output data-testid="elsewhere">{`${pathname}${search}`}</output>;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <header>
        <AccountMenu />
      </header>
      <main>{children}</main>
      <ToastViewport />
    </>
  );
}

export async function renderAuth(url: string) {
  await testI18nReady;
  await testI18n.changeLanguage(url.split('/')[1] ?? 'en');
  await testI18n.loadNamespaces('auth');
  const router = createMemoryRouter(
    [
      { path: '/:lang/login', element: <Shell><LoginRoute /></Shell> },
      { path: '/:lang/auth/*', element: <Shell><AuthPage /></Shell> },
      { path: '/:lang/*', element: <Shell><Elsewhere /></Shell> },
      { path: '/:lang', element: <Shell><Elsewhere /></Shell> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nextProvider i18n={testI18n}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SessionProvider>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </SessionProvider>
      </SWRConfig>
    </I18nextProvider>,
  );
  return { ...view, router };
}
