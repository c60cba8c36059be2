// Test-only: the onboarding section as the app mounts it, with the session provider (whose profile
// the journey reads) and a fresh SWR cache.
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { SessionProvider } from '../../../lib/session';
import { renderRoutes } from '../../../testing/render-routes';
import { OnboardingPage } from '../pages/onboarding-page';

// Lazy texts and MSW replies on a loaded machine need more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Stands for every page outside the section: shows where the app went. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <output data-testid="elsewhere">{`${pathname}${search}`}</output>;
}

/** `aside` renders beside the page in the same session (a test puts a builder probe there). */
export function renderOnboarding(url: string, aside: ReactNode = null) {
  return renderRoutes(
    [
      { path: '/:lang/onboarding/*', element: <>{aside}<OnboardingPage /></> },
      { path: '/:lang/*', element: <Elsewhere /> },
    ],
    { url, languageFromUrl: true, namespaces: 'onboarding', wrapper: SessionProvider },
  );
}
