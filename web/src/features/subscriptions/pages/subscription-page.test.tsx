import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { subscribeToasts, type Toast } from '../../../lib/toast/toast-store';
import { server } from '../../../testing/msw-server';
import type { Subscription } from '../api/types';
import { ADDRESS, CLIENT, EU_METHODS, line, subscription } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

configure({ asyncUtilTimeout: 5000 });

const BASE = '/api/v2/account/clients/subscriptions';

/** One refill behind MSW: every change answers the refill as the test says it is next; records the calls. */
function refillServer(initial: Subscription) {
  let current = initial;
  let next: Subscription | null = null;
  const calls: { call: string; body: unknown }[] = [];
  const reply = async (request: Request, path: string) => {
    const text = await request.text();
    calls.push({ call: `${request.method} ${path}`, body: text ? (JSON.parse(text) as unknown) : null });
    if (next) current = next;
    return HttpResponse.json(current);
  };
  server.use(
    http.get(`*${BASE}/5`, () => HttpResponse.json(current)),
    http.get(`*${BASE}`, () => HttpResponse.json([current])),
    http.post(`*${BASE}/5/:action`, ({ request, params }) => reply(request, `/5/${String(params.action)}`)),
    http.put(`*${BASE}/5`, ({ request }) => reply(request, '/5')),
    http.delete(`*${BASE}/5`, ({ request }) => reply(request, '/5')),
    http.delete(`*${BASE}/5/mandate`, ({ request }) => reply(request, '/5/mandate')),
    http.get('*/api/v2/account/addresses', () => HttpResponse.json([ADDRESS])),
    http.get('*/api/v2/checkout/shipping-methods', () => HttpResponse.json(EU_METHODS)),
  );
  return {
    calls,
    /** What the server answers from the next change on (and reads after it). */
    becomes(state: Subscription) {
      next = state;
    },
    set(state: Subscription) {
      current = state;
    },
  };
}

const region = (name: string) => screen.getByRole('region', { name });
const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, select' });

describe('one automatic refill', () => {
  let toasts: readonly Toast[] = [];
  let stopToasts = () => {};

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T12:00:00'));
    setTokens(CLIENT);
    stopToasts = subscribeToasts((shown) => (toasts = shown));
  });
  afterEach(() => {
    setTokens(null);
    stopToasts();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the state, the next parcel, the lines, the interval, the delivery and the parcels so far', async () => {
    refillServer(
      subscription({
        lines: [
          line(),
          line({
            product_variant_id: 12, name: 'Magnesium', slug: 'magnesium', quantity: 2, days_of_supply: null, runs_out_on: null,
            sold_out: true, substitute: { product_variant_id: 13, name: 'Magnesium Glycinate' },
          }),
        ],
        next_parcel: {
          date: '2026-12-31',
          lines: [
            { product_variant_id: 11, name: 'Omega 3', quantity: 1, total: '11.25', substitute_for: null },
            { product_variant_id: 13, name: 'Magnesium Glycinate', quantity: 2, total: '10.80', substitute_for: 12 },
          ],
          total: '22.05',
        },
      }),
    );
    await renderPage('/en/account/refills/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Refill of Better sleep' })).toBeInTheDocument();
    expect(screen.getByText('Protocol by Pia Holm')).toBeInTheDocument();
    expect(screen.getByText('Your next parcel is sent on December 31, 2026 and charged automatically.')).toBeInTheDocument();

    const next = region('Next parcel');
    expect(next).toHaveTextContent('Sent on December 31, 2026');
    expect(next).toHaveTextContent('We e-mail you on December 28, 2026, before it is sent.');
    expect(next).toHaveTextContent('2 × Magnesium Glycinate instead of Magnesium, which is sold out');
    expect(next).toHaveTextContent('Products total 22,05 €');

    const products = screen.getByRole('form', { name: 'Products' });
    expect(within(products).getByRole('link', { name: 'Omega 3' })).toHaveAttribute('href', '/en/products/omega-3');
    expect(products).toHaveTextContent('Lasts 30 days');
    expect(products).toHaveTextContent('Runs out on December 31, 2026');
    expect(products).toHaveTextContent('No dose information: sent in every parcel');
    expect(products).toHaveTextContent("Sold out Your practitioner's substitute: Magnesium Glycinate");
    expect(within(products).getByRole('checkbox', { name: 'Do not send the substitute' })).not.toBeChecked();
    expect(within(products).getByRole('radio', { name: 'Follow my doses: every 30 days' })).toBeChecked();
    expect(field('Date of the next parcel')).toHaveValue('2026-12-31');
    expect(field('Date of the next parcel')).toHaveAttribute('min', '2026-12-11');
    expect(products).toHaveTextContent('Keizersgracht 123');
    expect(products).toHaveTextContent('Shipping method: Standard delivery (3-5 working days)');
    expect(within(products).getByRole('button', { name: 'Save changes' })).toBeDisabled();

    const history = screen.getByRole('table', { name: 'Parcels' });
    const row = within(history).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('December 1, 2026');
    expect(row).toHaveTextContent('Paid');
    expect(within(row).getByRole('link', { name: 'PS-2026-000042' })).toHaveAttribute('href', '/en/account/orders/PS-2026-000042');
    expect(row).toHaveTextContent('25,20 €');
  });

  it('saves only what changed: the whole lines list, the interval back to the doses, the date', async () => {
    const api = refillServer(subscription({ interval_days: 45, interval_custom: true }));
    const user = userEvent.setup();
    await renderPage('/en/account/refills/5');
    await screen.findByRole('form', { name: 'Products' });

    expect(screen.getByRole('radio', { name: 'My own interval' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'One more Magnesium' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toEqual({
      call: 'PUT /5',
      body: {
        lines: [
          { product_variant_id: 11, quantity: 1, refuse_substitute: false },
          { product_variant_id: 12, quantity: 3, refuse_substitute: false },
        ],
      },
    });
    await waitFor(() => expect(toasts.map((toast) => toast.message)).toContain('Your changes are saved.'));

    await user.click(screen.getByRole('radio', { name: 'Follow my doses: every 30 days' }));
    await user.clear(field('Date of the next parcel'));
    await user.type(field('Date of the next parcel'), '2027-01-05');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.body).toEqual({ interval_days: null, next_parcel_on: '2027-01-05' });
  });

  it('refuses a date before tomorrow without asking the server', async () => {
    const api = refillServer(subscription());
    const user = userEvent.setup();
    await renderPage('/en/account/refills/5');
    await screen.findByRole('form', { name: 'Products' });
    await user.clear(field('Date of the next parcel'));
    await user.type(field('Date of the next parcel'), '2026-12-10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the fields marked above.');
    expect(field('Date of the next parcel')).toHaveAccessibleDescription('Choose a day from tomorrow on.');
    expect(api.calls).toEqual([]);
  });

  it('changes the address and the method', async () => {
    const api = refillServer(subscription());
    const user = userEvent.setup();
    await renderPage('/en/account/refills/5');
    await user.click(await screen.findByRole('button', { name: 'Change the address or method' }));
    expect(field('Street and house number')).toHaveValue('Keizersgracht 123');
    await user.type(field('Address line 2'), '2nd floor');
    await user.click(await screen.findByRole('radio', { name: /Express delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({ shipping_address: { ...ADDRESS, line2: '2nd floor' }, shipping_method_id: 4 });
  });

  it('skips, pauses, resumes, stops the charges and cancels after asking, each with its call', async () => {
    const api = refillServer(subscription());
    const user = userEvent.setup();
    await renderPage('/en/account/refills/5');
    await screen.findByRole('region', { name: 'Skip, pause or stop' });

    await user.click(screen.getByRole('button', { name: 'Skip the next parcel' }));
    await waitFor(() => expect(api.calls.map((call) => call.call)).toEqual(['POST /5/skip']));

    api.becomes(subscription({ state: 'paused', next_parcel: null }));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByText('Nothing is sent or charged until you resume.')).toBeInTheDocument();
    expect(region('Next parcel')).toHaveTextContent('Paused: the parcel of December 31, 2026 waits until you resume.');

    api.becomes(subscription());
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();

    api.becomes(subscription({ state: 'past_due', reason: 'mandate_revoked', mandate_id: null }));
    await user.click(screen.getByRole('button', { name: 'Stop charging my payment method' }));
    expect(await screen.findByText('Automatic charges are stopped. Pay your next parcel yourself to start them again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop charging my payment method' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel the automatic refill' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel the automatic refill' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    api.becomes(subscription({ state: 'cancelled', next_parcel: null, mandate_id: null }));
    await user.click(screen.getByRole('button', { name: 'Cancel the automatic refill' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('This refill is cancelled: nothing more is sent or charged.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Skip, pause or stop' })).not.toBeInTheDocument();

    expect(api.calls.map((call) => call.call)).toEqual([
      'POST /5/skip', 'POST /5/pause', 'POST /5/resume', 'DELETE /5/mandate', 'DELETE /5',
    ]);
  });

  it('waiting for the first payment: Pay now starts it and opens the payment page', async () => {
    const api = refillServer(subscription({ state: 'pending_mandate', mandate_id: null, next_parcel: null, next_parcel_on: '2026-12-10' }));
    api.becomes(subscription({ state: 'pending_mandate', payment_url: '/en/payments/test/tp_9' }));
    const user = userEvent.setup();
    const { router } = await renderPage('/en/account/refills/5');

    expect(await screen.findByText(/We are waiting for your first payment/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Date of the next parcel')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('heading', { name: 'payment page tp_9' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/payments/test/tp_9');
    expect(api.calls.map((call) => call.call)).toEqual(['POST /5/payment']);
  });

  it('past due after a failed charge: says so with the retry day, and shows a refusal to pay', async () => {
    refillServer(subscription({ state: 'past_due', reason: 'charge_failed', retry_on: '2026-12-13' }));
    server.use(
      http.post(`*${BASE}/5/payment`, () =>
        HttpResponse.json({ message: 'Nothing is waiting to be paid for this automatic refill.', code: 'conflict', errors: {} }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    await renderPage('/en/account/refills/5');
    expect(await screen.findByText('The payment of your last parcel failed. Pay it now to get the parcel.')).toBeInTheDocument();
    expect(screen.getByText('We try to charge it again on December 13, 2026.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing is waiting to be paid for this automatic refill.');
  });

  it('past due because it no longer ships: the delivery form is open, and saving sends the address and method', async () => {
    const api = refillServer(subscription({ state: 'past_due', reason: 'not_shipped' }));
    const user = userEvent.setup();
    await renderPage('/en/account/refills/5');
    expect(await screen.findByText(/We can no longer deliver to your address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    await screen.findByRole('radio', { name: /Standard delivery/ });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({ shipping_address: ADDRESS, shipping_method_id: 3 });
  });

  it('follows subscription.updated: a change on another device shows without a reload', async () => {
    const api = refillServer(subscription());
    await renderPage('/en/account/refills/5');
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();

    api.set(subscription({ state: 'paused', next_parcel: null }));
    act(() => topicRegistry.dispatch({ topic: 'subscription.updated', data: { subscription_id: 5, state: 'paused' }, seq: 7 }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();

    api.set(subscription({ parcels: [{ date: '2026-12-31', state: 'paid', order_number: 'PS-2026-000050', total: '12.00' }, ...subscription().parcels] }));
    act(() => topicRegistry.dispatch({ topic: 'order.updated', data: { number: 'PS-2026-000050', state: 'paid' }, seq: 8 }));
    expect(await screen.findByRole('link', { name: 'PS-2026-000050' })).toBeInTheDocument();
  });

  it("says so for a refill that is not the client's", async () => {
    server.use(http.get(`*${BASE}/9`, () => HttpResponse.json({ message: 'There is no such automatic refill.', errors: {} }, { status: 404 })));
    await renderPage('/en/account/refills/9');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such automatic refill.');
    expect(screen.getByRole('link', { name: 'All automatic refills' })).toHaveAttribute('href', '/en/account/refills');
  });
});
