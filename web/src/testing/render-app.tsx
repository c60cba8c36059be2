import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';

import { App } from '../app/app';
import { createRoutes } from '../app/routes';
import { testI18n, testI18nReady } from './test-i18n';

/** Renders the whole app (real routes, real translations) at a URL. */
export async function renderApp(url: string) {
  await testI18nReady;
  const router = createMemoryRouter(createRoutes(testI18n), { initialEntries: [url] });
  const view = render(<App i18n={testI18n} router={router} />);
  return { ...view, router, i18n: testI18n };
}
