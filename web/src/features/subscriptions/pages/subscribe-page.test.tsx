import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { ADDRESS, CLIENT, EU_METHODS, proposal, subscription } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

configure({ asyncUtilTimeout: 5000 });

type Reply = () => Response;

/** The subscribe page's calls behind MSW; records the proposals asked and the subscriptions posted. */
function subscribeServer() {
  const asked: string[] = [];
  const posted: { key: string | null; body: unknown }[] = [];
  const replies: Reply[] = [];
  server.use(
    http.get('*/api/v2/account/clients/subscriptions/proposal', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      // A choice previewed: Magnesium alone, three tubs, every 45 days (as the server would plan it).
      return url.searchParams.has('lines')
        ? HttpResponse.json(
            proposal({
              lines: proposal().lines.map((line) =>
                line.product_variant_id === 11 ? { ...line, included: false } : { ...line, quantity: 3, days_of_supply: 90 },
              ),
              interval_days: Number(url.searchParams.get('interval_days') ?? 90),
              default_interval_days: 90,
              parcels: [
                { date: '2026-12-01', lines: [{ product_variant_id: 12, name: 'Magnesium', quantity: 3, total: '13.50', substitute_for: null }], total: '13.50' },
              ],
            }),
          )
        : HttpResponse.json(proposal());
    }),
    http.get('*/api/v2/account/addresses', () => HttpResponse.json([ADDRESS])),
    http.get('*/api/v2/checkout/shipping-methods', () => HttpResponse.json(EU_METHODS)),
    http.post('*/api/v2/account/clients/subscriptions', async ({ request }) => {
      posted.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      const reply = replies.shift();
      return reply
        ? reply()
        : HttpResponse.json(subscription({ state: 'pending_mandate', payment_url: '/en/payments/test/tp_1' }), { status: 201 });
    }),
  );
  return { asked, posted, answer: (...next: Reply[]) => replies.push(...next) };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, select' });
const start = () => screen.getByRole('button', { name: 'Start automatic refills' });

async function chooseSavedAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Keizersgracht 123/ }));
  await screen.findByRole('radio', { name: /Standard delivery/ });
}

describe('subscribe page', () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => {
    setTokens(null);
    vi.unstubAllGlobals();
  });

  it('shows the proposed schedule: the interval, the discount, the first parcel today and the next ones', async () => {
    const calls = subscribeServer();
    await renderPage('/en/account/refills/new?protocol_id=7');

    const schedule = await screen.findByRole('region', { name: 'Your schedule' });
    expect(screen.getByRole('heading', { level: 1, name: 'Refill automatically' })).toBeInTheDocument();
    expect(calls.asked).toEqual(['?protocol_id=7']);
    expect(schedule).toHaveTextContent('One parcel every 30 days.');
    expect(schedule).toHaveTextContent('Automatic refills get 10% off.');
    expect(within(schedule).getByRole('heading', { name: 'First parcel: today, December 1, 2026' })).toBeInTheDocument();
    const first = within(schedule).getByRole('list', { name: 'Parcel of December 1, 2026' });
    const [omega, magnesium] = within(first).getAllByRole('listitem');
    expect(omega).toHaveTextContent('1 × Omega 311,25 €');
    expect(magnesium).toHaveTextContent('2 × Magnesium9,00 €');
    expect(within(schedule).getByRole('list', { name: 'Parcel of December 31, 2026' })).toHaveTextContent('1 × Omega 3');
    expect(within(schedule).getByRole('list', { name: 'Parcel of January 30, 2027' })).toBeInTheDocument();
    expect(schedule).toHaveTextContent('Products total 11,25 €');

    const lines = screen.getByRole('region', { name: 'What to refill' });
    expect(within(lines).getByRole('checkbox', { name: 'Refill Omega 3' })).toBeChecked();
    expect(lines).toHaveTextContent('Lasts 30 days');
    expect(lines).toHaveTextContent('Runs out on December 31, 2026');
    expect(lines).toHaveTextContent('12,50 € each');
    expect(within(lines).getByRole('radio', { name: 'Follow my doses: every 30 days' })).toBeChecked();
  });

  it('previews the schedule of the chosen lines and interval once the choice settles, keeping every line offered', async () => {
    const calls = subscribeServer();
    const user = userEvent.setup();
    await renderPage('/en/account/refills/new?protocol_id=7');
    const schedule = await screen.findByRole('region', { name: 'Your schedule' });

    await user.click(screen.getByRole('checkbox', { name: 'Refill Omega 3' }));
    await user.click(screen.getByRole('button', { name: 'One more Magnesium' }));
    await user.click(screen.getByRole('radio', { name: 'My own interval' }));
    await user.clear(field('Days between parcels'));
    await user.type(field('Days between parcels'), '45');

    await waitFor(() => expect(schedule).toHaveTextContent('One parcel every 45 days.'));
    expect(calls.asked.at(-1)).toBe(`?protocol_id=7&lines=${encodeURIComponent('12:3')}&interval_days=45`);
    // Clicked through, the choice was asked for once it settled, not at every click and keystroke.
    expect(calls.asked.length).toBeLessThanOrEqual(3);
    expect(within(schedule).getByRole('list', { name: 'Parcel of December 1, 2026' })).toHaveTextContent('3 × Magnesium');
    expect(within(schedule).queryByText(/Omega 3/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Refill Omega 3' })).not.toBeChecked();
    expect(screen.getByText('Lasts 90 days')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Follow my doses: every 90 days' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Refill Magnesium' }));
    expect(schedule).toHaveTextContent('Choose at least one product.');
    expect(within(schedule).queryByRole('list', { name: /Parcel of/ })).not.toBeInTheDocument();
  });

  it('starts with the chosen lines, interval, address and method, an Idempotency-Key, and opens the payment page', async () => {
    const calls = subscribeServer();
    const user = userEvent.setup();
    const { router } = await renderPage('/en/account/refills/new?protocol_id=7');
    await chooseSavedAddress(user);

    await user.click(screen.getByRole('checkbox', { name: 'Refill Magnesium' }));
    await user.click(screen.getByRole('button', { name: 'One more Omega 3' }));
    await user.click(screen.getByRole('radio', { name: 'My own interval' }));
    await user.clear(field('Days between parcels'));
    await user.type(field('Days between parcels'), '45');
    await user.click(screen.getByRole('radio', { name: /Express delivery/ }));
    await user.click(start());

    expect(await screen.findByRole('heading', { name: 'payment page tp_1' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/payments/test/tp_1');
    expect(calls.posted).toHaveLength(1);
    expect(calls.posted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.posted[0]?.body).toEqual({
      protocol_id: 7,
      lines: [{ product_variant_id: 11, quantity: 2 }],
      interval_days: 45,
      shipping_address: ADDRESS,
      shipping_method_id: 4,
    });
  });

  it('sends only the source, address and method when nothing else changed; Mollie is another site', async () => {
    const calls = subscribeServer();
    calls.answer(() => HttpResponse.json(subscription({ payment_url: 'https://www.mollie.com/checkout/abc' }), { status: 201 }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    await renderPage('/en/account/refills/new?order_number=PS-2026-000042');
    await chooseSavedAddress(user);
    await user.click(start());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.mollie.com/checkout/abc'));
    expect(calls.asked).toEqual(['?order_number=PS-2026-000042']);
    expect(calls.posted[0]?.body).toEqual({ order_number: 'PS-2026-000042', shipping_address: ADDRESS, shipping_method_id: 3 });
  });

  it("shows the API's refusals; a retry of the same form sends the same key, a changed one a new key", async () => {
    const calls = subscribeServer();
    calls.answer(
      () =>
        HttpResponse.json(
          { message: 'Some fields are not valid.', code: 'validation_error', errors: { 'shipping_address.postcode': ['invalid'] } },
          { status: 422 },
        ),
      () => HttpResponse.json({ message: 'None of these products can be sent now.', code: 'conflict', errors: { lines: ['sold out'] } }, { status: 409 }),
    );
    const user = userEvent.setup();
    await renderPage('/en/account/refills/new?protocol_id=7');
    await chooseSavedAddress(user);

    await user.click(start());
    expect(await screen.findByText('Some fields are not valid.')).toBeInTheDocument();
    expect(field('Postcode')).toHaveAccessibleDescription('This postcode is not valid for the chosen country.');

    await user.click(start());
    expect(await screen.findByText('None of these products can be sent now.')).toBeInTheDocument();
    expect(calls.posted[1]?.key).toBe(calls.posted[0]?.key);

    await user.click(screen.getByRole('button', { name: 'One more Magnesium' }));
    await user.click(start());
    expect(await screen.findByRole('heading', { name: 'payment page tp_1' })).toBeInTheDocument();
    expect(calls.posted[2]?.key).not.toBe(calls.posted[0]?.key);
  });

  it('checks the form before sending: no product, an interval out of range, a missing address', async () => {
    const calls = subscribeServer();
    const user = userEvent.setup();
    await renderPage('/en/account/refills/new?protocol_id=7');
    await screen.findByRole('region', { name: 'What to refill' });

    await user.click(screen.getByRole('checkbox', { name: 'Refill Omega 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Refill Magnesium' }));
    await user.click(start());
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one product.');

    await user.click(screen.getByRole('checkbox', { name: 'Refill Omega 3' }));
    await user.click(screen.getByRole('radio', { name: 'My own interval' }));
    await user.clear(field('Days between parcels'));
    await user.type(field('Days between parcels'), '3');
    await user.click(start());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the fields marked above.');
    expect(field('Days between parcels')).toHaveAccessibleDescription('Choose a number of days from 7 to 180.');
    expect(field('First name')).toHaveFocus();
    expect(calls.posted).toEqual([]);
  });

  it('says what is wrong with a proposal the API refuses, and with a page without a source', async () => {
    server.use(
      http.get('*/api/v2/account/clients/subscriptions/proposal', () =>
        HttpResponse.json({ message: 'Only a paid order can be refilled automatically.', code: 'conflict', errors: {} }, { status: 409 }),
      ),
    );
    await renderPage('/en/account/refills/new?order_number=PS-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a paid order can be refilled automatically.');
  });

  it('without a protocol or an order, says where to start from', async () => {
    await renderPage('/en/account/refills/new');
    expect(await screen.findByRole('alert')).toHaveTextContent('Open this page from a protocol or a paid order');
  });

  it('signed out, asks to sign in and comes back here', async () => {
    setTokens(null);
    await renderPage('/en/account/refills/new?protocol_id=7');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/en/login?next=${encodeURIComponent('/account/refills/new?protocol_id=7')}`,
    );
  });
});
