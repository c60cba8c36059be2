import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../testing/msw-server';
import { testI18n, testI18nReady } from '../../testing/test-i18n';
import { subscribeToasts, type Toast } from '../toast/toast-store';
import { AUTH_CHANNEL_NAME } from './auth-channel';
import { SessionProvider } from './session-provider';

describe('session provider', () => {
  let shown: readonly Toast[] = [];
  let stopToasts: () => void = () => undefined;

  beforeEach(() => {
    server.use(http.post('*/api/v2/account/geoip', () => HttpResponse.json({ country: null, country_code: null })));
    stopToasts = subscribeToasts((toasts) => (shown = toasts));
  });

  afterEach(() => stopToasts());

  it('tells this tab, with an info notice, that another tab signed out', async () => {
    await testI18nReady;
    await testI18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={testI18n}>
        <SWRConfig value={{ provider: () => new Map() }}>
          <SessionProvider>
            <span />
          </SessionProvider>
        </SWRConfig>
      </I18nextProvider>,
    );

    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.postMessage({ type: 'tokens', tab: 'other-tab' });
    otherTab.postMessage({ type: 'logout', tab: 'other-tab' });
    otherTab.close();

    await waitFor(() =>
      expect(shown.map((toast) => [toast.kind, toast.message])).toEqual([
        ['info', 'You were signed out in another tab.'],
      ]),
    );
  });
});
