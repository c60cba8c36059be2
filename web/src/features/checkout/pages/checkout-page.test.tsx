import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { removeStored, writeStored } from '../../../lib/session/stored-value';
import type { Stock } from '../../../lib/stock/stock';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { OUT_OF_STOCK_REPLY } from '../../../testing/out-of-stock-reply';
import { renderRoutes } from '../../../testing/render-routes';
import type { ShippingMethod } from '../../../lib/shipping/types';
import type { Summary } from '../api/types';
import { CheckoutPage } from './checkout-page';

configure({ asyncUtilTimeout: 5000 });

const SAVED = {
  first_name: 'Chloe', last_name: 'Bennett', line1: 'Keizersgracht 123', line2: '', city: 'Amsterdam',
  postcode: '1015 CJ', country: 'NL',
};
const EU_METHODS: ShippingMethod[] = [
  { id: 3, name: 'Standard delivery (3-5 working days)', price: '4.95', currency: 'EUR', free_over: '50.00' },
  { id: 4, name: 'Express delivery (1-2 working days)', price: '9.95', currency: 'EUR', free_over: null },
];
const UK_METHODS: ShippingMethod[] = [
  { id: 1, name: 'Standard delivery (2-3 working days)', price: '3.95', currency: 'GBP', free_over: '40.00' },
];

function summaryOf(methodId: number, extra: Partial<Summary> = {}): Summary {
  const method = [...EU_METHODS, ...UK_METHODS].find((candidate) => candidate.id === methodId) ?? EU_METHODS[0]!;
  const total = (22.5 + Number(method.price)).toFixed(2);
  return {
    country: 'NL', currency: method.currency, shipping_method: method, discount_rate: '10.00',
    lines: [
      { product_variant_id: 11, product_id: 1, sku: 'D3-60', name: 'Vitamin D3 Drops', quantity: 2, unit_price: '12.50',
        discount: '2.50', vat_rate: '21.00', vat: '3.90', total: '22.50', source: 'protocol' },
    ],
    problems: [], subtotal: '25.00', discount: '2.50', shipping: method.price, vat: '4.76', total,
    ...extra,
  };
}

type Reply = () => Response | Promise<Response>;

/** The checkout's calls behind MSW: records what the page asks and sends, answers like the server. */
function checkoutServer({
  items = 1,
  saved = [SAVED],
  summary = summaryOf,
  stock = {},
}: {
  items?: number;
  saved?: (typeof SAVED)[];
  summary?: (methodId: number) => Summary;
  /** The stock of cart lines by variant id (lines 11, 12, ...); a line without one has none in the answer. */
  stock?: Record<number, Stock>;
} = {}) {
  const asked: string[] = [];
  const placed: { key: string | null; body: unknown }[] = [];
  const replies: Reply[] = [];
  server.use(
    http.get('*/api/v2/storefront/cart', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json({
        items: Array.from({ length: items }, (_, index) => ({
          product_variant_id: 11 + index,
          quantity: 2,
          ...(stock[11 + index] ? { stock: stock[11 + index] } : {}),
        })),
        total_items: items * 2, total_price: '25.00', total_discount: '2.50', total_price_after_discount: '22.50',
        discount_rate: '10.00', currency: 'EUR',
      });
    }),
    http.get('*/api/v2/account/addresses', () => HttpResponse.json(saved)),
    http.get('*/api/v2/checkout/shipping-methods', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      const country = url.searchParams.get('country');
      const region = request.headers.get('X-Region');
      if ((region === 'uk') !== (country === 'GB')) {
        return HttpResponse.json(
          { message: 'This store does not ship to that country.', code: 'validation_error', errors: { country: ['not shipped to'] } },
          { status: 422 },
        );
      }
      return HttpResponse.json(region === 'uk' ? UK_METHODS : EU_METHODS);
    }),
    http.get('*/api/v2/checkout/summary', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return HttpResponse.json(summary(Number(url.searchParams.get('shipping_method_id'))));
    }),
    http.post('*/api/v2/checkout/orders', async ({ request }) => {
      placed.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      const reply = replies.shift();
      return reply
        ? reply()
        : HttpResponse.json(
            { number: 'PS-2026-000101', state: 'awaiting_payment', total: '27.45', currency: 'EUR', payment_url: '/en/payments/test/tp_abc' },
            { status: 201 },
          );
    }),
  );
  return {
    asked,
    placed,
    summaries: () => asked.filter((path) => path.startsWith('/api/v2/checkout/summary')),
    /** The next answers of the order call, in turn (after them: a 201 with the test provider's page). */
    answer: (...next: Reply[]) => replies.push(...next),
  };
}

function PaymentStub() {
  const { id } = useParams();
  return <h1>{`payment page ${id ?? ''}`}</h1>;
}

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/:lang/checkout', element: <CheckoutPage /> },
      { path: '/:lang/payments/test/:id', element: <PaymentStub /> },
    ],
    { url, languageFromUrl: true },
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, select' });
const payButton = () => screen.getByRole('button', { name: 'Pay' });
const alertWith = (text: string | RegExp) =>
  screen.findAllByRole('alert').then((alerts) => {
    const found = alerts.find((alert) => (typeof text === 'string' ? alert.textContent?.includes(text) : text.test(alert.textContent ?? '')));
    if (!found) throw new Error(`no alert with ${String(text)}`);
    return found;
  });

/** Fills the shipping address from the saved one and waits for the summary. */
async function chooseSavedAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Keizersgracht 123/ }));
  await screen.findByRole('list', { name: 'Products in your order' });
}

describe('checkout page', () => {
  beforeEach(() => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 });
  });
  afterEach(() => {
    setTokens(null);
    removeStored('region');
    vi.unstubAllGlobals();
  });

  it('checks fields on blur: a required field, a bad NL postcode, then a good one clears the error', async () => {
    checkoutServer();
    const user = userEvent.setup();
    await renderAt('/en/checkout');

    await user.click(await screen.findByLabelText('First name'));
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Checkout']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Shipping address', 'Shipping method', 'Order summary',
    ]);
    await user.tab();
    expect(field('First name')).toHaveAccessibleDescription('Please fill this in.');
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Address line 2')).not.toHaveAttribute('required');

    await user.selectOptions(field('Country'), 'Netherlands');
    await user.type(field('Postcode'), '1012');
    await user.tab();
    expect(field('Postcode')).toHaveAccessibleDescription('This postcode is not valid for the chosen country.');
    // Not while typing: only the next blur checks again.
    await user.type(field('Postcode'), ' lg');
    expect(field('Postcode')).toHaveAccessibleDescription('This postcode is not valid for the chosen country.');
    await user.tab();
    expect(field('Postcode')).not.toHaveAccessibleDescription();
    expect(field('Postcode')).not.toHaveAttribute('aria-invalid');

    // A Belgian postcode has four digits: the same code is wrong once the country changes.
    await user.selectOptions(field('Country'), 'Belgium');
    await user.tab();
    expect(field('Postcode')).toHaveAccessibleDescription('This postcode is not valid for the chosen country.');
  });

  it('fills the form from a saved address, asks for its shipping methods and shows the summary with VAT included', async () => {
    const calls = checkoutServer();
    const user = userEvent.setup();
    await renderAt('/en/checkout');

    const saved = await screen.findByRole('button', { name: 'Chloe Bennett, Keizersgracht 123, 1015 CJ Amsterdam, Netherlands' });
    expect(saved).toHaveAttribute('aria-pressed', 'false');
    await user.click(saved);
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(field('First name')).toHaveValue('Chloe');
    expect(field('Last name')).toHaveValue('Bennett');
    expect(field('Street and house number')).toHaveValue('Keizersgracht 123');
    expect(field('City')).toHaveValue('Amsterdam');
    expect(field('Postcode')).toHaveValue('1015 CJ');
    expect(field('Country')).toHaveValue('NL');

    const methods = await screen.findByRole('radiogroup', { name: 'Shipping method' });
    const standard = within(methods).getByRole('radio', { name: /Standard delivery/ });
    expect(standard).toBeChecked();
    expect(standard.closest('label')).toHaveTextContent('4,95 €');
    expect(standard.closest('label')).toHaveTextContent('Free over 50,00 €');

    const summary = screen.getByRole('region', { name: 'Order summary' });
    await within(summary).findByRole('list', { name: 'Products in your order' });
    expect(summary).toHaveTextContent('2 × Vitamin D3 Drops22,50 €');
    expect(summary).toHaveTextContent('Subtotal25,00 €');
    expect(summary).toHaveTextContent('Your discount (10%)−2,50 €');
    expect(summary).toHaveTextContent('Shipping: Standard delivery (3-5 working days)4,95 €');
    expect(summary).toHaveTextContent('Total27,45 €');
    expect(summary).toHaveTextContent('Including VAT4,76 €');
    expect(within(summary).getByRole('list', { name: 'Payment methods' })).toBeInTheDocument();
    expect(within(summary).getByRole('img', { name: 'iDEAL' })).toBeInTheDocument();
    expect(within(summary).getByRole('img', { name: 'Bancontact' })).toBeInTheDocument();
    expect(calls.asked).toContain('/api/v2/checkout/shipping-methods?country=NL');
    expect(calls.summaries()).toEqual(['/api/v2/checkout/summary?country=NL&shipping_method_id=3']);
  });

  it('asks for the summary of the shipping method chosen, and hides a discount of zero', async () => {
    const calls = checkoutServer({ summary: (id) => summaryOf(id, { discount: '0.00', discount_rate: '0.00' }) });
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);

    await user.click(screen.getByRole('radio', { name: /Express delivery/ }));
    const summary = screen.getByRole('region', { name: 'Order summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Shipping: Express delivery (1-2 working days)9,95 €'));
    expect(summary).toHaveTextContent('Total32,45 €');
    expect(summary).not.toHaveTextContent('Your discount');
    expect(calls.summaries()).toEqual([
      '/api/v2/checkout/summary?country=NL&shipping_method_id=3',
      '/api/v2/checkout/summary?country=NL&shipping_method_id=4',
    ]);
  });

  it('names the products that cannot be bought, left out of the total, and does not offer to pay', async () => {
    checkoutServer({
      summary: (id) =>
        summaryOf(id, {
          problems: [{ product_variant_id: 12, name: 'Magnesium Powder', message: 'Magnesium Powder is not available at the moment.' }],
        }),
    });
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);

    const notice = await alertWith('cannot be bought at the moment');
    expect(within(notice).getByRole('listitem')).toHaveTextContent('Magnesium Powder');
    expect(within(notice).getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/en/cart');
    expect(payButton()).toBeDisabled();
  });

  it('says which of those products is sold out before paying', async () => {
    checkoutServer({
      items: 2,
      stock: { 12: { state: 'sold_out', available: null, note: '' } },
      summary: (id) =>
        summaryOf(id, {
          problems: [{ product_variant_id: 12, name: 'Magnesium Powder', message: 'Magnesium Powder is sold out.' }],
        }),
    });
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);

    const notice = await alertWith('cannot be bought at the moment');
    const named = within(notice).getByRole('listitem');
    expect(named).toHaveTextContent('Magnesium Powder Sold out');
    expect(within(named).getByText('Sold out')).toHaveClass('stock-badge--sold_out');
    expect(payButton()).toBeDisabled();
  });

  it('names a line asking for more than is left before paying, and still lets the server decide', async () => {
    checkoutServer({ stock: { 11: { state: 'low', available: 1, note: '' } } });
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);

    const notice = await alertWith('Fewer are left than your cart asks for:');
    expect(within(notice).getByRole('listitem')).toHaveTextContent('Vitamin D3 Drops: only 1 left');
    expect(within(notice).getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/en/cart');
    const lines = screen.getByRole('list', { name: 'Products in your order' });
    expect(within(lines).getByRole('listitem')).toHaveTextContent('2 × Vitamin D3 Drops Only 1 left');
    expect(payButton()).toBeEnabled();
  });

  it('shows the stock of a line with few left or on back-order, and nothing for one in stock', async () => {
    checkoutServer({ stock: { 11: { state: 'back_order', available: null, note: 'Ships in 2 weeks' } } });
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);
    const lines = screen.getByRole('list', { name: 'Products in your order' });
    expect(within(lines).getByRole('listitem')).toHaveTextContent('On back-order: Ships in 2 weeks');
    expect(screen.queryByText(/Fewer are left/)).toBeNull();
  });

  it('names each short line with what is left when placing the order is refused as out of stock, and asks again', async () => {
    const calls = checkoutServer();
    calls.answer(() =>
      HttpResponse.json(OUT_OF_STOCK_REPLY, { status: 409 }),
    );
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);
    const summariesBefore = calls.summaries().length;
    const cartsBefore = calls.asked.filter((path) => path === '/api/v2/storefront/cart').length;

    await user.click(payButton());
    const notice = await alertWith('Some products are no longer in stock in the quantity you asked for:');
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vitamin D3 Drops: sold out',
      'Magnesium: only 2 left',
    ]);
    expect(notice).toHaveTextContent('Lower the quantity or remove them in your cart, then pay again.');
    expect(within(notice).getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/en/cart');
    expect(notice).not.toHaveTextContent('Something went wrong');
    // The summary and the cart are asked again, to show what is left now.
    await waitFor(() => expect(calls.summaries().length).toBeGreaterThan(summariesBefore));
    await waitFor(() =>
      expect(calls.asked.filter((path) => path === '/api/v2/storefront/cart').length).toBeGreaterThan(cartsBefore),
    );
  });

  it('pays with one Idempotency-Key per attempt: the same on a double click and a retry, a new one after a change', async () => {
    const calls = checkoutServer();
    const unavailable = () =>
      HttpResponse.json(
        { message: 'The payment provider could not be reached. Please try again in a moment.', code: 'service_unavailable', errors: {} },
        { status: 503 },
      );
    calls.answer(async () => {
      await delay(50);
      return unavailable();
    }, unavailable);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);

    // Two clicks before the first answer arrives: one order call.
    act(() => {
      payButton().click();
      payButton().click();
    });
    expect(payButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Placing your order…');
    const notice = await alertWith('Your order is saved');
    expect(within(notice).getByRole('link', { name: 'Go to your orders' })).toHaveAttribute('href', '/en/account/orders');
    expect(calls.placed).toHaveLength(1);
    const [first] = calls.placed;
    expect(first?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first?.body).toEqual({ shipping_address: SAVED, shipping_method_id: 3 });
    expect(payButton()).toBeEnabled();

    // The retry sends the same key, so the server answers the order it saved.
    await user.click(payButton());
    await waitFor(() => expect(calls.placed).toHaveLength(2));
    expect(calls.placed[1]?.key).toBe(first?.key);
    await alertWith('Your order is saved');

    // A changed form is another attempt; Mollie's page is another site.
    calls.answer(() =>
      HttpResponse.json(
        { number: 'PS-2026-000102', state: 'awaiting_payment', total: '27.45', currency: 'EUR', payment_url: 'https://www.mollie.com/checkout/select-method/abc' },
        { status: 201 },
      ),
    );
    await user.type(field('Address line 2'), '2nd floor');
    await user.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.mollie.com/checkout/select-method/abc'));
    expect(calls.placed[2]?.key).not.toBe(first?.key);
    expect(calls.placed[2]?.body).toEqual({ shipping_address: { ...SAVED, line2: '2nd floor' }, shipping_method_id: 3 });
  });

  it("goes to the test provider's page on the shop's own site with the router, sending the separate billing address", async () => {
    const calls = checkoutServer();
    const user = userEvent.setup();
    const { router } = await renderAt('/en/checkout');
    await chooseSavedAddress(user);

    await user.click(screen.getByRole('checkbox', { name: 'Billing address same as shipping address' }));
    const billing = screen.getByRole('region', { name: 'Billing address' });
    const billingField = (name: string) => within(billing).getByLabelText(name, { exact: false, selector: 'input, select' });
    await user.type(billingField('First name'), 'Practice');
    await user.type(billingField('Last name'), 'Bennett');
    await user.type(billingField('Street and house number'), 'Damrak 1');
    await user.type(billingField('City'), 'Amsterdam');
    await user.type(billingField('Postcode'), '1012lg');
    await user.selectOptions(billingField('Country'), 'NL');
    await user.click(payButton());

    expect(await screen.findByRole('heading', { name: 'payment page tp_abc' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/payments/test/tp_abc');
    expect(calls.placed[0]?.body).toEqual({
      shipping_address: SAVED,
      billing_address: { first_name: 'Practice', last_name: 'Bennett', line1: 'Damrak 1', line2: '', city: 'Amsterdam', postcode: '1012lg', country: 'NL' },
      shipping_method_id: 3,
    });
  });

  it('checks every field before paying, and sends nothing while one is wrong', async () => {
    const calls = checkoutServer({ saved: [] });
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await user.selectOptions(await screen.findByLabelText('Country'), 'Germany');
    await screen.findByRole('list', { name: 'Products in your order' });
    await user.type(field('Postcode'), '1234');
    await user.click(payButton());

    expect(await alertWith('Please check the fields marked above.')).toBeInTheDocument();
    expect(field('First name')).toHaveFocus();
    expect(field('Postcode')).toHaveAccessibleDescription('This postcode is not valid for the chosen country.');
    expect(field('City')).toHaveAccessibleDescription('Please fill this in.');
    expect(calls.placed).toEqual([]);
  });

  it("shows the server's 422 field errors at the fields, keeping what was typed", async () => {
    const calls = checkoutServer();
    calls.answer(() =>
      HttpResponse.json(
        {
          message: 'Please check the address.', code: 'validation_error',
          errors: { 'shipping_address.postcode': ['invalid'], 'shipping_address.city': ['too long'], 'shipping_address.line1': ['Unknown street'] },
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);
    await user.click(payButton());

    await alertWith('Please check the fields marked above.');
    expect(field('Postcode')).toHaveAccessibleDescription('This postcode is not valid for the chosen country.');
    expect(field('City')).toHaveAccessibleDescription('This is too long.');
    expect(field('Street and house number')).toHaveAccessibleDescription('Unknown street');
    expect(field('Street and house number')).toHaveFocus();
    expect(field('Postcode')).toHaveValue('1015 CJ');
    expect(field('City')).toHaveValue('Amsterdam');
  });

  it("shows a 409's message with a link to the order it names, and a generic message for anything else", async () => {
    const calls = checkoutServer();
    calls.answer(
      () =>
        HttpResponse.json(
          { message: 'Order PS-2026-000042 for this cart is already awaiting payment.', code: 'conflict', errors: { order: ['PS-2026-000042'] } },
          { status: 409 },
        ),
      () => HttpResponse.json({ message: 'Boom', code: 'internal_error', errors: {} }, { status: 500 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await chooseSavedAddress(user);

    await user.click(payButton());
    const conflict = await alertWith('Order PS-2026-000042 for this cart is already awaiting payment.');
    expect(within(conflict).getByRole('link', { name: 'Go to order PS-2026-000042' })).toHaveAttribute(
      'href',
      '/en/account/orders/PS-2026-000042',
    );

    await user.click(payButton());
    await alertWith('Something went wrong. Your details are still here: please try again.');
    expect(field('First name')).toHaveValue('Chloe');
    expect(calls.placed).toHaveLength(2);
  });

  it('says so when the store does not ship to the country, and the UK store ships to GB in pounds', async () => {
    writeStored('region', 'uk', 60_000);
    const calls = checkoutServer({ saved: [SAVED] });
    await renderAt('/en/checkout');

    const country = await screen.findByLabelText('Country');
    expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a country', 'United Kingdom']);
    expect(country).toHaveValue('GB');
    // The saved Dutch address is not offered by the UK store.
    expect(screen.queryByRole('button', { name: /Keizersgracht/ })).not.toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Shipping: Standard delivery (2-3 working days)£3.95'));
    expect(calls.asked).toContain('/api/v2/checkout/shipping-methods?country=GB');
  });

  it('shows a 422 of the shipping methods at the country', async () => {
    checkoutServer();
    server.use(
      http.get('*/api/v2/checkout/shipping-methods', () =>
        HttpResponse.json({ message: 'No.', code: 'validation_error', errors: { country: ['not shipped to'] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    await renderAt('/en/checkout');
    await user.selectOptions(await screen.findByLabelText('Country'), 'Sweden');
    await waitFor(() => expect(field('Country')).toHaveAccessibleDescription('We do not ship to this country from this store.'));
    expect(screen.getByText('Choose the country to see the shipping methods.')).toBeInTheDocument();
  });

  it('sends an empty cart back to the products, and asks a signed-out visitor to sign in', async () => {
    const calls = checkoutServer({ items: 0 });
    const view = await renderAt('/en/checkout');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
    expect(calls.summaries()).toEqual([]);
    view.unmount();

    setTokens(null);
    calls.asked.length = 0;
    await renderAt('/de/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kasse' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de/login?next=%2Fcheckout');
    expect(calls.asked).toEqual([]);
  });
});
