// Test-only: renders the auth screens the way the app mounts them, with the session provider.
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { ToastViewport } from '../../../components/ui/toast/toast-viewport';
import { SessionProvider } from '../../../lib/session';
import { renderRoutes } from '../../../testing/render-routes';
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

export function renderAuth(url: string) {
  return renderRoutes(
    [
      { path: '/:lang/login', element: <Shell><LoginRoute /></Shell> },
      { path: '/:lang/auth/*', element: <Shell><AuthPage /></Shell> },
      { path: '/:lang/*', element: <Shell><Elsewhere /></Shell> },
      { path: '/:lang', element: <Shell><Elsewhere /></Shell> },
    ],
    { url, languageFromUrl: true, namespaces: 'auth', wrapper: SessionProvider },
  );
}
