import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import type { StockAlert } from '../api/list-stock-alerts';
import { BackInStockNotice } from './back-in-stock-notice';

function alert(id: number, state: 'waiting' | 'notified', name: string): StockAlert {
  return {
    id,
    product_variant_id: id * 10,
    sku: `SKU-${id}`,
    unit_of_measure: '60 capsules',
    product: { id, slug: `product-${id}`, name },
    state,
    stock: { state: state === 'notified' ? 'in_stock' : 'sold_out', available: null, note: '' },
    created_at: '2026-11-01T10:00:00Z',
    expires_at: '2027-01-30T10:00:00Z',
    notified_at: state === 'notified' ? '2026-11-20T10:00:00Z' : null,
  };
}

async function renderNotice() {
  await testI18nReady;
  const router = createMemoryRouter([{ path: '/:lang', element: <BackInStockNotice /> }], { initialEntries: ['/en'] });
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

afterEach(() => setTokens(null));

describe('back-in-stock notice', () => {
  it('names each answered alert with a link to its product, and a dismissed one goes away', async () => {
    const user = userEvent.setup();
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
    let alerts = [alert(1, 'notified', 'Vitamin D3 Drops'), alert(2, 'waiting', 'Magnesium')];
    const deleted: string[] = [];
    server.use(
      http.get('*/api/v2/account/stock-alerts', () => HttpResponse.json(alerts)),
      http.delete('*/api/v2/account/stock-alerts/:id', ({ params }) => {
        deleted.push(String(params.id));
        alerts = alerts.filter((a) => String(a.id) !== params.id);
        return HttpResponse.json(alerts);
      }),
    );
    await renderNotice();

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('“Vitamin D3 Drops” is back in stock.');
    expect(screen.getByRole('link', { name: 'View it' })).toHaveAttribute('href', '/en/products/product-1');
    expect(screen.queryByText(/Magnesium/)).toBeNull(); // still waiting: no notice

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(deleted).toEqual(['1']);
  });

  it('signed out asks for nothing and shows nothing', async () => {
    const asked: string[] = [];
    server.use(http.get('*/api/v2/account/stock-alerts', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json([]);
    }));
    await renderNotice();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
