import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render-routes';
import type { TestPayment } from '../api/types';
import { TestPaymentPage } from './test-payment-page';

configure({ asyncUtilTimeout: 5000 });

const PAYMENT: TestPayment = {
  payment_id: 'tp_abc',
  description: 'Order PS-2026-000042',
  amount: '27.45',
  currency: 'EUR',
  status: 'open',
  methods: ['creditcard', 'applepay', 'bancontact', 'belfius', 'ideal', 'kbc', 'klarna', 'paypal'],
  redirect_url: 'http://127.0.0.1:8000/en/checkout/return/PS-2026-000042',
};

function renderAt(url: string) {
  return renderRoutes([{ path: '/:lang/payments/test/:id', element: <TestPaymentPage /> }], {
    url,
    languageFromUrl: true,
  });
}

describe('test payment page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is marked as a test, shows the amount and the methods with their logos, and sends the outcome', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v2/payments/test/tp_abc', () => HttpResponse.json(PAYMENT)),
      http.post('*/api/v2/payments/test/tp_abc', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...PAYMENT, status: 'paid' });
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    await renderAt('/en/payments/test/tp_abc');

    expect(await screen.findByRole('note')).toHaveTextContent('nothing is charged');
    expect(screen.getByText('27,45 €')).toBeInTheDocument();
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(8);
    expect(within(methods).getByRole('radio', { name: 'American Express Mastercard Visa' })).toBeInTheDocument();
    await user.click(within(methods).getByRole('radio', { name: 'Bancontact' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT.redirect_url));
    expect(sent).toEqual([{ outcome: 'paid', method: 'bancontact' }]);
  });

  it('offers nothing more for a finished payment, and says when there is no such payment', async () => {
    server.use(
      http.get('*/api/v2/payments/test/tp_done', () => HttpResponse.json({ ...PAYMENT, payment_id: 'tp_done', status: 'paid' })),
      http.get('*/api/v2/payments/test/tp_gone', () =>
        HttpResponse.json({ message: 'There is no such test payment.', code: 'not_found', errors: {} }, { status: 404 }),
      ),
    );
    const view = await renderAt('/en/payments/test/tp_done');
    expect(await screen.findByRole('status')).toHaveTextContent('This test payment is finished.');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    view.unmount();

    await renderAt('/de/payments/test/tp_gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Testzahlung gibt es nicht.');
  });
});
