import type { i18n as I18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';

import { PageLoading } from '../components/ui/page-loading';
import { dataCacheConfig } from '../lib/api/data-cache';
import { RealtimeProvider } from '../lib/realtime';
import { SessionProvider } from '../lib/session';

export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SWRConfig value={dataCacheConfig()}>
        <SessionProvider>
          {/* One events socket per tab while signed in (docs/architecture.md, "The web app"). */}
          <RealtimeProvider />
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </SessionProvider>
      </SWRConfig>
    </I18nextProvider>
  );
}
