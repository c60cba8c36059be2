import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { subscribeToasts, type Toast } from '../../../lib/toast/toast-store';
import { server } from '../../../testing/msw-server';
import { OUT_OF_STOCK_REPLY } from '../../../testing/out-of-stock-reply';
import { renderRoutes } from '../../../testing/render-routes';
import type { Order, OrderPage as OrderPageData } from '../api/types';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';

configure({ asyncUtilTimeout: 5000 });

const ADDRESS = {
  first_name: 'Chloe', last_name: 'Bennett', line1: 'Keizersgracht 123', line2: '', city: 'Amsterdam',
  postcode: '1015 CJ', country: 'NL',
};

function order(state: string, extra: Partial<Order> = {}): Order {
  return {
    number: 'PS-2026-000042', state, created_at: '2026-11-20T10:00:00Z', region: 'eu', currency: 'EUR',
    lines: [
      { product_variant_id: 11, product_id: 1, sku: 'D3-60', name: 'Vitamin D3 Drops', quantity: 2, unit_price: '12.50',
        discount: '2.50', vat_rate: '21.00', vat: '3.90', total: '22.50', source: 'protocol', source_protocol_id: 7 },
    ],
    subtotal: '25.00', discount: '2.50', shipping: '4.95', vat: '4.76', total: '27.45', refunded: '0.00',
    discount_rate: '10.00', refill_discount_rate: '0.00', subscription_id: null, shipping_method: 'Standard delivery (3-5 working days)', shipping_address: ADDRESS,
    billing_address: ADDRESS, carrier: '', tracking_reference: '',
    history: [{ state: 'awaiting_payment', at: '2026-11-20T10:00:00Z' }],
    ...extra,
  };
}

function page(entries: { number: string; state: string }[]): OrderPageData {
  return {
    data: entries.map((entry) => ({ ...entry, created_at: '2026-11-20T10:00:00Z', currency: 'EUR', total: '27.45', item_count: 2, subscription_id: null })),
    current_page: 1, limit: 10, offset: 0, total_pages: 1, total_results: entries.length,
  };
}

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/:lang/account/orders', element: <OrdersPage /> },
      { path: '/:lang/account/orders/:number', element: <OrderPage /> },
    ],
    { url, languageFromUrl: true },
  );
}

describe('orders', () => {
  let toasts: readonly Toast[] = [];
  let stopToasts = () => {};
  const shown = () => toasts.map((item) => [item.kind, item.message]);

  beforeEach(() => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
    stopToasts = subscribeToasts((next) => (toasts = next));
  });
  afterEach(() => {
    setTokens(null);
    stopToasts();
  });

  it('lists the orders with their state and total, each linking to its page', async () => {
    server.use(http.get('*/api/v2/account/orders', () => HttpResponse.json(page([{ number: 'PS-2026-000042', state: 'paid' }]))));
    await renderAt('/en/account/orders');

    const list = await screen.findByRole('list', { name: 'Orders' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Order PS-2026-000042' })).toHaveAttribute('href', '/en/account/orders/PS-2026-000042');
    expect(item).toHaveTextContent('Placed on Nov 20, 2026');
    expect(item).toHaveTextContent('Items: 2');
    expect(item).toHaveTextContent('27,45 €');
    expect(within(item).getByText('Paid')).toBeInTheDocument();
  });

  it('says so when there is no order yet, and asks a signed-out visitor to sign in', async () => {
    server.use(http.get('*/api/v2/account/orders', () => HttpResponse.json(page([]))));
    const view = await renderAt('/en/account/orders');
    expect(await screen.findByText('You have not placed an order yet.')).toBeInTheDocument();
    view.unmount();

    setTokens(null);
    await renderAt('/de/account/orders');
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('shows an order with its lines, totals with VAT, address and history, and follows it live', async () => {
    let current = order('awaiting_payment');
    server.use(http.get('*/api/v2/account/orders/PS-2026-000042', () => HttpResponse.json(current)));
    await renderAt('/en/account/orders/PS-2026-000042');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order PS-2026-000042' })).toBeInTheDocument();
    const lines = screen.getByRole('region', { name: 'Products' });
    expect(lines).toHaveTextContent('2 × Vitamin D3 Drops22,50 €');
    expect(lines).toHaveTextContent('Your discount (10 %)−2,50 €');
    expect(lines).toHaveTextContent('Total27,45 €');
    expect(lines).toHaveTextContent('Included VAT4,76 €');
    expect(screen.getByRole('region', { name: 'Delivery address' })).toHaveTextContent('1015 CJ Amsterdam');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();

    // The payment is finished on the phone: the open page follows without a reload.
    current = order('paid', { history: [...current.history, { state: 'paid', at: '2026-11-20T10:05:00Z' }] });
    act(() => topicRegistry.dispatch({ topic: 'order.updated', data: { number: 'PS-2026-000042', state: 'paid' } }));

    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('listitem').map((item) => item.textContent?.split(' ')[0])).toEqual(['Awaiting', 'Paid']));
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it("offers a client to refill a paid order automatically, and links a refill's parcel to its refill", async () => {
    let current = order('awaiting_payment');
    server.use(http.get('*/api/v2/account/orders/PS-2026-000042', () => HttpResponse.json(current)));
    await renderAt('/en/account/orders/PS-2026-000042');
    await screen.findByRole('heading', { level: 1, name: 'Order PS-2026-000042' });
    expect(screen.queryByRole('link', { name: 'Refill automatically' })).not.toBeInTheDocument();

    current = order('paid');
    act(() => topicRegistry.dispatch({ topic: 'order.updated', data: { number: 'PS-2026-000042', state: 'paid' } }));
    const refill = await screen.findByRole('link', { name: 'Refill automatically' });
    expect(refill).toHaveAttribute('href', '/en/account/refills/new?order_number=PS-2026-000042');
    expect(refill).toHaveAccessibleDescription('Get these products again, timed so that they do not run out, and charged automatically.');

    current = order('delivered', { subscription_id: 5 });
    act(() => topicRegistry.dispatch({ topic: 'order.updated', data: { number: 'PS-2026-000042', state: 'delivered' } }));
    expect(await screen.findByRole('link', { name: 'See the automatic refill' })).toHaveAttribute('href', '/en/account/refills/5');
    expect(screen.getByText(/This order is a parcel of your automatic refill./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Refill automatically' })).not.toBeInTheDocument();
  });

  it('does not offer automatic refills to a practitioner buying, nor for a refunded order', async () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 3 });
    let current = order('paid');
    server.use(http.get('*/api/v2/account/orders/PS-2026-000042', () => HttpResponse.json(current)));
    const view = await renderAt('/en/account/orders/PS-2026-000042');
    await screen.findByRole('heading', { level: 1, name: 'Order PS-2026-000042' });
    expect(screen.queryByRole('link', { name: 'Refill automatically' })).not.toBeInTheDocument();
    view.unmount();

    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
    current = order('refunded');
    await renderAt('/en/account/orders/PS-2026-000042');
    await screen.findByRole('heading', { level: 1, name: 'Order PS-2026-000042' });
    expect(screen.queryByRole('link', { name: 'Refill automatically' })).not.toBeInTheDocument();
  });

  it('buys again, naming the products it could not put in the cart', async () => {
    const posted: string[] = [];
    server.use(
      http.get('*/api/v2/account/orders/PS-2026-000042', () =>
        HttpResponse.json(order('delivered', { carrier: 'PostNL', tracking_reference: '3SDEMO0001' })),
      ),
      http.post('*/api/v2/account/orders/PS-2026-000042/buy-again', ({ request }) => {
        posted.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json({ skipped: ['Magnesium Powder'] });
      }),
    );
    const user = userEvent.setup();
    await renderAt('/en/account/orders/PS-2026-000042');

    expect(await screen.findByText('PostNL, reference 3SDEMO0001')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy again' }));

    await waitFor(() =>
      expect(shown()).toContainEqual(['success', 'The products are in your cart, except: Magnesium Powder.']),
    );
    expect(posted).toEqual(['Bearer access']);
  });

  it('names each short line with what is left when paying again is refused as out of stock, and the order can be cancelled', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v2/account/orders/PS-2026-000042', () => HttpResponse.json(order('awaiting_payment'))),
      http.get('*/api/v2/account/orders/PS-2026-000042/payment', () => {
        asked += 1;
        return HttpResponse.json(OUT_OF_STOCK_REPLY, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    await renderAt('/en/account/orders/PS-2026-000042');

    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('This order can no longer be paid: not enough is left of these products:');
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vitamin D3 Drops: sold out',
      'Magnesium: only 2 left',
    ]);
    expect(notice).toHaveTextContent('Cancel the order and order again what is left.');
    // Said on the page, not as a passing toast with the server's English.
    expect(shown().filter(([kind]) => kind === 'error')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();

    // Trying again asks again, and the notice stays while the answer is the same.
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(asked).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('Magnesium: only 2 left');
  });

  it('cancels an unpaid order after asking, and says when an order is not there', async () => {
    let current = order('awaiting_payment');
    server.use(
      http.get('*/api/v2/account/orders/PS-2026-000042', () => HttpResponse.json(current)),
      http.post('*/api/v2/account/orders/PS-2026-000042/cancel', () => {
        current = order('cancelled');
        return HttpResponse.json(current);
      }),
      http.get('*/api/v2/account/orders/PS-2026-999999', () =>
        HttpResponse.json({ message: 'There is no such order.', code: 'not_found', errors: {} }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    const view = await renderAt('/en/account/orders/PS-2026-000042');

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const question = screen.getByRole('alertdialog', { name: 'Cancel order' });
    expect(question).toHaveTextContent('Cancel this order? It has not been paid.');
    await user.click(within(question).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(shown()).toContainEqual(['success', 'Your order is cancelled.']));
    expect(screen.getByText('Cancelled', { selector: '.order-state' })).toBeInTheDocument();
    view.unmount();

    await renderAt('/en/account/orders/PS-2026-999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such order.');
  });
});
