/** Renders builder screens the way the app will: translations, SWR, a router and the BuilderProvider. */
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { setTokens } from '../../../lib/session/token-store';
import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import type { EditorProviderComponent } from '../components/active-protocol-source';
import { BuilderProvider } from '../components/builder-provider';

/** An access token whose readable part names the user (`sub`), as the server's JWTs do. */
export function accessTokenFor(userId: number, userTypeId: number): string {
  const payload = btoa(JSON.stringify({ sub: String(userId), ut: userTypeId, exp: 4_102_444_800 }));
  return `header.${payload.replace(/=+$/, '')}.signature`;
}

/** Signs in as user `userId` of `userTypeId` (2, a certified practitioner, by default). */
export function signInAs(userId = 7, userTypeId = 2) {
  setTokens({ accessToken: accessTokenFor(userId, userTypeId), refreshToken: 'refresh', userTypeId });
}

interface RenderOptions {
  url?: string;
  /** The route pattern the screen is mounted at. */
  path?: string;
  editorProvider?: EditorProviderComponent;
}

export async function renderBuilder(ui: ReactNode, { url = '/en/products', path = '/:lang/*', editorProvider }: RenderOptions = {}) {
  await testI18nReady;
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <BuilderProvider editorProvider={editorProvider}>
            <Suspense fallback={null}>{ui}</Suspense>
          </BuilderProvider>
        ),
      },
      // Where a screen navigates away to (the account page after a delete).
      { path: '*', element: null },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nextProvider i18n={testI18n}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </SWRConfig>,
  );
  return { ...view, router };
}
