import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { toast } from '../../../lib/toast/toast-store';
import { server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render-routes';
import type { StockAlert } from '../api/list-stock-alerts';
import { StockAlertsPage } from './stock-alerts-page';

const USER = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };

const PRODUCT = { id: 42, slug: 'magnesium-citrate', name: 'Magnesium Citrate' };

/** An alert on one of Magnesium Citrate's sizes (420: 60 capsules, 421: 120 capsules). */
function alert(id: number, variantId: number, overrides: Partial<StockAlert> = {}): StockAlert {
  return {
    id,
    product_variant_id: variantId,
    sku: variantId === 420 ? 'MC-60' : 'MC-120',
    unit_of_measure: variantId === 420 ? '60 capsules' : '120 capsules',
    product: PRODUCT,
    state: 'waiting',
    stock: { state: 'sold_out', available: null, note: '' },
    created_at: '2026-11-01T10:00:00Z',
    expires_at: '2027-01-30T10:00:00Z',
    notified_at: null,
    ...overrides,
  };
}

/** The alert calls behind MSW, answering as the server does; records what was asked. */
function alertsServer(initial: StockAlert[]) {
  let alerts = initial;
  const calls: string[] = [];
  server.use(
    http.get('*/api/v2/account/stock-alerts', ({ request }) => {
      calls.push(`GET ${new URL(request.url).pathname}`);
      return HttpResponse.json(alerts);
    }),
    http.delete('*/api/v2/account/stock-alerts/:id', ({ request, params }) => {
      calls.push(`DELETE ${new URL(request.url).pathname}`);
      alerts = alerts.filter((candidate) => String(candidate.id) !== params.id);
      return HttpResponse.json(alerts);
    }),
  );
  return {
    calls,
    set(next: StockAlert[]) {
      alerts = next;
    },
  };
}

function renderPage(url = '/en/account/stock-alerts') {
  return renderRoutes([{ path: '/:lang/account/stock-alerts', element: <StockAlertsPage /> }], {
    url,
    namespaces: ['stock-alerts'],
  });
}

const row = (name: RegExp) => within(screen.getByRole('list', { name: 'Your back-in-stock alerts' })).getAllByRole('listitem').find((item) => name.test(item.textContent ?? ''));

beforeEach(() => {
  // Only the clock: the alerts' dates are read against it; MSW and React keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
});

afterEach(() => {
  setTokens(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('back-in-stock alerts page', () => {
  it('lists each alert with its product, size, when it was asked and where it stands', async () => {
    setTokens(USER);
    alertsServer([
      alert(1, 420),
      alert(2, 421, {
        state: 'notified',
        stock: { state: 'low', available: 3, note: '' },
        notified_at: '2026-11-20T10:00:00Z',
      }),
    ]);
    await renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Back-in-stock alerts' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your back-in-stock alerts' });
    const [waiting, notified] = within(list).getAllByRole('listitem');
    expect(within(waiting!).getByRole('link', { name: 'Magnesium Citrate' })).toHaveAttribute('href', '/en/products/magnesium-citrate');
    expect(await within(waiting!).findByText('60 capsules · SKU MC-60')).toBeInTheDocument();
    expect(waiting).toHaveTextContent('Asked on Nov 1, 2026');
    expect(waiting).toHaveTextContent('Waiting');
    expect(waiting).toHaveTextContent('Sold out');
    expect(waiting).toHaveTextContent('We will e-mail you when it is back. The alert runs until Jan 30, 2027.');
    expect(within(waiting!).getByRole('button', { name: 'Cancel alert: Magnesium Citrate' })).toBeEnabled();

    expect(await within(notified!).findByText('120 capsules · SKU MC-120')).toBeInTheDocument();
    expect(notified).toHaveTextContent('Back in stock');
    expect(notified).toHaveTextContent('Only 3 left');
    expect(notified).toHaveTextContent('We e-mailed you on Nov 20, 2026.');
    expect(within(notified!).getByRole('button', { name: 'Remove alert: Magnesium Citrate' })).toBeInTheDocument();

    expect(screen.getByText('1 alert waiting')).toBeInTheDocument();
  });

  it('shows an alert whose time ran out as expired, with the day it ended', async () => {
    setTokens(USER);
    alertsServer([alert(1, 420, { expires_at: '2026-11-24T10:00:00Z' })]);
    await renderPage();

    const expired = await screen.findByText('The alert ended on Nov 24, 2026 before it came back.');
    expect(expired.closest('li')).toHaveTextContent('Expired');
    expect(screen.getByRole('button', { name: 'Remove alert: Magnesium Citrate' })).toBeInTheDocument();
    expect(screen.queryByText(/alerts? waiting/)).not.toBeInTheDocument();
  });

  it('cancels a waiting alert: DELETE, and the list the server answers replaces the shown one', async () => {
    setTokens(USER);
    const user = userEvent.setup();
    const api = alertsServer([alert(1, 420), alert(2, 421)]);
    await renderPage();
    expect(await screen.findByText('2 alerts waiting')).toBeInTheDocument();

    await user.click(within(row(/MC-60/)!).getByRole('button', { name: 'Cancel alert: Magnesium Citrate' }));

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(row(/MC-120/)).toBeDefined();
    expect(screen.getByText('1 alert waiting')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('DELETE'))).toEqual(['DELETE /api/v2/account/stock-alerts/1']);
  });

  it('says so when cancelling fails, and keeps the alert', async () => {
    setTokens(USER);
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    alertsServer([alert(1, 420)]);
    server.use(http.delete('*/api/v2/account/stock-alerts/:id', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    await renderPage();

    await user.click(await screen.findByRole('button', { name: 'Cancel alert: Magnesium Citrate' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('The alert could not be removed. Please try again.'));
    expect(screen.getByRole('button', { name: 'Cancel alert: Magnesium Citrate' })).toBeEnabled();
  });

  it('shows the empty state with a way to the products', async () => {
    setTokens(USER);
    alertsServer([]);
    await renderPage();

    expect(
      await screen.findByText('You have no back-in-stock alerts. On a sold-out product, choose “Tell me when it is back”.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('follows stock_alerts.updated: an alert made or answered on another device shows without reloading', async () => {
    setTokens(USER);
    const api = alertsServer([]);
    await renderPage();
    await screen.findByText(/You have no back-in-stock alerts/);

    api.set([alert(5, 421)]);
    act(() => topicRegistry.dispatch({ topic: 'stock_alerts.updated', data: { alert_id: 5 }, seq: 2 }));

    expect(await screen.findByText('1 alert waiting')).toBeInTheDocument();
    expect(await screen.findByText('120 capsules · SKU MC-120')).toBeInTheDocument();
  });

  it('follows stock.updated for the sizes it lists only: their stock shows as it is now', async () => {
    setTokens(USER);
    const api = alertsServer([alert(1, 420)]);
    await renderPage();
    await screen.findByText('1 alert waiting');
    const reads = () => api.calls.filter((call) => call.startsWith('GET')).length;
    const before = reads();

    act(() => topicRegistry.dispatch({ topic: 'stock.updated', data: { product_ids: [99], product_variant_ids: [990] } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(before);

    api.set([alert(1, 420, { stock: { state: 'low', available: 2, note: '' } })]);
    act(() => topicRegistry.dispatch({ topic: 'stock.updated', data: { product_ids: [PRODUCT.id], product_variant_ids: [420] } }));
    expect(await screen.findByText('Only 2 left')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be read, and shows it after', async () => {
    setTokens(USER);
    const user = userEvent.setup();
    let fail = true;
    alertsServer([alert(1, 420)]);
    server.use(
      http.get('*/api/v2/account/stock-alerts', () => (fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : undefined)),
    );
    await renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your alerts.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Magnesium Citrate' })).toBeInTheDocument();
  });

  it('signed out, asks to sign in and comes back here, and asks the server for nothing', async () => {
    const api = alertsServer([alert(1, 420)]);
    await renderPage();

    expect(await screen.findByText('Sign in to see your back-in-stock alerts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login?next=%2Faccount%2Fstock-alerts');
    expect(api.calls).toEqual([]);
  });
});
