import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';

import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { EarningsPage } from '../pages/earnings-page';

export const EARNINGS_URL = '/en/account/practitioner/earnings';

/** The earnings page under its route, with a fresh SWR cache and the real translations. */
export async function renderEarnings(url = EARNINGS_URL) {
  await testI18nReady;
  await testI18n.changeLanguage(url.split('/')[1] ?? 'en');
  await testI18n.loadNamespaces(['earnings']);
  const router = createMemoryRouter([{ path: '/:lang/account/practitioner/earnings', element: <EarningsPage /> }], {
    initialEntries: [url],
  });
  return render(
    <I18nextProvider i18n={testI18n}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </SWRConfig>
    </I18nextProvider>,
  );
}
