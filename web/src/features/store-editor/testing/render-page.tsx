import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { StoreEditorPage } from '../pages/store-editor-page';

export const EDITOR_URL = '/en/account/practitioner/store';

/** The editor under its route, with a fresh SWR cache and the real translations. */
export async function renderEditor(url = EDITOR_URL) {
  await testI18nReady;
  await testI18n.loadNamespaces(['store-editor']);
  const router = createMemoryRouter([{ path: '/:lang/account/practitioner/store', element: <StoreEditorPage /> }], {
    initialEntries: [url],
  });
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nextProvider i18n={testI18n}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </SWRConfig>,
  );
}
