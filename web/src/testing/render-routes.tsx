import { act, render } from '@testing-library/react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { testI18n, testI18nReady } from './test-i18n';

export interface RenderRoutesOptions {
  /** Where the router starts. */
  url: string;
  /** History entries before `url` (oldest first), so a test can go back to them. */
  history?: string[];
  /** Translation namespaces read before rendering: a first suspension on a busy machine can outlast a query's wait. */
  namespaces?: string | string[];
  /** Switch the shared i18n instance to the URL's language (its first segment) before rendering. */
  languageFromUrl?: boolean;
  /** Providers between the SWR and i18n ones and the Suspense boundary (the session provider, a slot). */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /** Rendered after the router, inside the same Suspense boundary (the toast viewport). */
  after?: ReactNode;
}

function Passthrough({ children }: { children: ReactNode }) {
  return children;
}

/**
 * Renders `routes` in a memory router at `url`, as the app mounts a page: a fresh SWR cache (no deduping),
 * the real translations and a Suspense boundary that shows nothing while texts load.
 */
export async function renderRoutes(routes: RouteObject[], options: RenderRoutesOptions) {
  const { url, history = [], namespaces, languageFromUrl = false, wrapper: Wrapper = Passthrough, after = null } = options;
  await testI18nReady;
  if (languageFromUrl) await act(() => testI18n.changeLanguage(url.split('/')[1] ?? 'en'));
  if (namespaces) await testI18n.loadNamespaces(namespaces);
  const router = createMemoryRouter(routes, { initialEntries: [...history, url], initialIndex: history.length });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nextProvider i18n={testI18n}>
        <Wrapper>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
            {after}
          </Suspense>
        </Wrapper>
      </I18nextProvider>
    </SWRConfig>,
  );
  return { ...view, router };
}
