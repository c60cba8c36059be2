// Test-only: the onboarding section as the app mounts it, with the session provider (whose profile
// the journey reads) and a fresh SWR cache.
import { configure, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { SessionProvider } from '../../../lib/session';
import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { OnboardingPage } from '../pages/onboarding-page';

// Lazy texts and MSW replies on a loaded machine need more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Stands for every page outside the section: shows where the app went. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <output data-testid="elsewhere">{`${pathname}${search}`}</output>;
}

/** `aside` renders beside the page in the same session (a test puts a builder probe there). */
export async function renderOnboarding(url: string, aside: ReactNode = null) {
  await testI18nReady;
  await testI18n.changeLanguage(url.split('/')[1] ?? 'en');
  await testI18n.loadNamespaces('onboarding');
  const router = createMemoryRouter(
    [
      { path: '/:lang/onboarding/*', element: <>{aside}<OnboardingPage /></> },
      { path: '/:lang/*', element: <Elsewhere /> },
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
