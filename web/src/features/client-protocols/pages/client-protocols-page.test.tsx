import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast/toast-store';
import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
// The real header badge, to see the cart hear of the protocol (tests may cross features; code does not).
import { CartBadge } from '../../cart/components/cart-badge';
// The refills' fixtures, to answer the list the card reads (tests may cross features; code does not).
import { subscription } from '../../subscriptions/testing/fixtures';
import type { SharedProtocol } from '../api/types';
import {
  lineSubstitute,
  product,
  sharedProtocol,
  SOLD_OUT,
  stockAlertReply,
  substituteOffer,
  withStock,
} from '../testing/fixtures';
import { renderPage } from '../testing/render-page';
import { substitutesServer } from '../testing/substitutes-server';

const CLIENT = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };
const PAGE = '/en/account/client/protocols';

/** The client's protocols and cart behind MSW, answering like the server. */
function clientServer(initial: SharedProtocol[]) {
  let protocols = [...initial];
  let cartItems = 0;
  const calls: string[] = [];
  server.use(
    http.get('*/api/v2/account/clients/protocols', () => {
      calls.push('GET protocols');
      return HttpResponse.json(protocols);
    }),
    http.delete('*/api/v2/account/clients/protocols/:id', ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      protocols = protocols.filter((protocol) => protocol.protocol_id !== Number(params.id));
      return HttpResponse.json({ message: 'The protocol was removed from your list.' });
    }),
    http.post('*/api/v2/storefront/cart/protocols/:id', async ({ params, request }) => {
      // A moment on the way, as over a network: a second click lands while the first is pending.
      await delay(30);
      calls.push(`POST cart ${String(params.id)}${new URL(request.url).search}`);
      const protocol = protocols.find((candidate) => candidate.protocol_id === Number(params.id));
      cartItems += protocol?.products.reduce((sum, line) => sum + line.item_count, 0) ?? 0;
      return HttpResponse.json({
        items: [],
        total_items: cartItems,
        total_price: '30.00',
        total_discount: '3.00',
        total_price_after_discount: '27.00',
        discount_rate: protocol?.discount ?? '0.00',
        currency: 'EUR',
      });
    }),
    http.post('*/api/v2/storefront/cart/items', async ({ request }) => {
      const body = (await request.json()) as { product_variant_id: number; quantity: number };
      calls.push(`POST items ${body.product_variant_id} x${body.quantity}`);
      cartItems += body.quantity;
      return HttpResponse.json({
        items: [],
        total_items: cartItems,
        total_price: '22.00',
        total_discount: '0.00',
        total_price_after_discount: '22.00',
        discount_rate: '0.00',
        currency: 'EUR',
      });
    }),
    // The client's refill reminders and automatic refills: none unless a test says otherwise.
    http.get('*/api/v2/account/clients/refills', () => HttpResponse.json([])),
    http.get('*/api/v2/account/clients/subscriptions', () => HttpResponse.json([])),
    // A sold-out line asks for alternatives; none unless a test says otherwise (substitutesServer).
    http.get('*/api/v2/storefront/products/:slug/substitutes', () => HttpResponse.json([])),
    http.get('*/api/v2/storefront/cart', () =>
      HttpResponse.json({
        items: [],
        total_items: cartItems,
        total_price: '0.00',
        total_discount: '0.00',
        total_price_after_discount: '0.00',
        discount_rate: '0.00',
        currency: 'EUR',
      }),
    ),
  );
  return {
    calls,
    /** A practitioner shares (or the client hides) on another device. */
    setProtocols(next: SharedProtocol[]) {
      protocols = next;
    },
  };
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('client protocols page', () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => {
    setTokens(null);
    vi.restoreAllMocks();
  });

  it('shows each protocol with its practitioner, notes, discount, products and total', async () => {
    clientServer([sharedProtocol()]);
    await renderPage(PAGE);

    const protocol = card(
      (await screen.findByRole('heading', { level: 2, name: 'Better sleep' })).textContent ?? '',
    );
    expect(within(protocol).getByText('From Dr Pia Holm')).toBeInTheDocument();
    expect(within(protocol).getByText('Four weeks, then we review.')).toBeInTheDocument();
    const notes = within(protocol).getByRole('region', { name: 'Notes from your practitioner' });
    expect(notes).toHaveTextContent('Take these for a month. Call me if you sleep worse.');

    const lines = within(protocol).getByRole('list', { name: 'Products in Better sleep' });
    const omega = within(lines).getByRole('link', { name: 'Omega 3' }).closest('li') as HTMLElement;
    expect(within(lines).getByRole('link', { name: 'Omega 3' })).toHaveAttribute('href', '/en/products/omega-3');
    expect(within(omega).getByRole('img', { name: 'Photo of Omega 3' })).toHaveAttribute('src', '/media/1-125.webp');
    expect(within(omega).getByText('Amberlane')).toBeInTheDocument();
    expect(within(omega).getByText('Quantity: 2')).toBeInTheDocument();
    expect(within(omega).getByText('Dosage: Two capsules with breakfast')).toBeInTheDocument();
    expect(within(omega).getByText('12,50 € each')).toBeInTheDocument();
    expect(within(omega).getByLabelText('Subtotal for Omega 3')).toHaveTextContent('25,00 €');

    const row = (label: string) => within(protocol).getByText(label).nextElementSibling;
    expect(row('Total')).toHaveTextContent('30,00 €');
    expect(row('Your discount')).toHaveTextContent('10%');
    expect(row('Total with your discount')).toHaveTextContent('27,00 €');
  });

  it('leaves the discount out when the share has none, and says which lines the cart will skip', async () => {
    clientServer([
      sharedProtocol({
        discount: '0.00',
        notes: '',
        products: [product(1, 'Omega 3'), product(4, 'Zinc', { is_available: false })],
      }),
    ]);
    await renderPage(PAGE);
    const protocol = card((await screen.findByRole('heading', { level: 2, name: 'Better sleep' })).textContent ?? '');
    expect(within(protocol).queryByText('Your discount')).not.toBeInTheDocument();
    expect(within(protocol).queryByRole('region', { name: 'Notes from your practitioner' })).not.toBeInTheDocument();
    const zinc = within(protocol).getByRole('link', { name: 'Zinc' }).closest('li') as HTMLElement;
    expect(within(zinc).getByText(/Currently unavailable/)).toBeInTheDocument();
  });

  it("shows the stock of each line's variant: few left, sold out (left out of the cart) or on back-order", async () => {
    const withStock = (line: ReturnType<typeof product>, stock: (typeof line.variants)[number]['stock']) => ({
      ...line,
      variants: line.variants.map((variant) => ({ ...variant, stock })),
    });
    clientServer([
      sharedProtocol({
        products: [
          withStock(product(1, 'Omega 3'), { state: 'low', available: 3, note: '' }),
          withStock(product(4, 'Zinc', { is_available: false }), { state: 'sold_out', available: null, note: '' }),
          withStock(product(5, 'Vitamin C'), { state: 'back_order', available: null, note: 'Back in May' }),
          product(6, 'Iron'),
        ],
      }),
    ]);
    await renderPage(PAGE);
    const protocol = card((await screen.findByRole('heading', { level: 2, name: 'Better sleep' })).textContent ?? '');
    const line = (name: string) => within(protocol).getByRole('link', { name }).closest('li') as HTMLElement;
    expect(within(line('Omega 3')).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(line('Zinc')).getByText('Sold out')).toBeInTheDocument();
    expect(within(line('Zinc')).getByText(/Currently unavailable/)).toBeInTheDocument();
    expect(within(line('Vitamin C')).getByText('On back-order: Back in May')).toBeInTheDocument();
    expect(line('Iron').querySelector('.stock-badge')).toBeNull();
  });

  it('offers a back-in-stock alert on a sold-out line only, and then says the client will be e-mailed', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    clientServer([sharedProtocol({ products: [withStock(product(4, 'Zinc'), SOLD_OUT), product(6, 'Iron')] })]);
    server.use(
      http.post('*/api/v2/account/stock-alerts', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(stockAlertReply(4, 'Zinc'), { status: 201 });
      }),
    );
    await renderPage(PAGE);
    const protocol = card((await screen.findByRole('heading', { level: 2, name: 'Better sleep' })).textContent ?? '');
    const line = (name: string) => within(protocol).getByRole('link', { name }).closest('li') as HTMLElement;
    expect(within(line('Iron')).queryByRole('button', { name: /Tell me when it is back/ })).not.toBeInTheDocument();

    await user.click(within(line('Zinc')).getByRole('button', { name: 'Tell me when it is back: Zinc' }));

    expect(await within(line('Zinc')).findByRole('status')).toHaveTextContent('We will e-mail you when it is back in stock.');
    expect(within(line('Zinc')).queryByRole('button', { name: /Tell me when it is back/ })).not.toBeInTheDocument();
    expect(asked).toEqual([{ product_variant_id: 4 }]);
  });

  it('shows a protocol the practitioner shares while the page is open, without reloading', async () => {
    const api = clientServer([sharedProtocol()]);
    await renderPage(PAGE);
    await screen.findByRole('heading', { level: 2, name: 'Better sleep' });

    api.setProtocols([
      sharedProtocol({ protocol_id: 9, id: 9, name: 'Gut reset', discount: '15.00' }),
      sharedProtocol(),
    ]);
    act(() => topicRegistry.dispatch({ topic: 'protocol.shared', data: { protocol_id: 9, practitioner_id: 2 }, seq: 4 }));

    const gut = await screen.findByRole('heading', { level: 2, name: 'Gut reset' });
    expect(within(card(gut.textContent ?? '')).getByText('15%')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Gut reset',
      'Better sleep',
    ]);
    expect(api.calls.filter((call) => call === 'GET protocols')).toHaveLength(2);
  });

  it('drops a protocol the client removed on another device', async () => {
    const api = clientServer([sharedProtocol()]);
    await renderPage(PAGE);
    await screen.findByRole('heading', { level: 2, name: 'Better sleep' });
    api.setProtocols([]);
    act(() => topicRegistry.dispatch({ topic: 'client_protocol.deleted', data: { protocol_id: 7 }, seq: 5 }));
    expect(await screen.findByRole('heading', { name: 'No protocols yet' })).toBeInTheDocument();
  });

  it('removes a protocol after asking, with the server message as toast', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = clientServer([sharedProtocol(), sharedProtocol({ protocol_id: 9, id: 9, name: 'Gut reset' })]);
    await renderPage(PAGE);

    await user.click(await screen.findByRole('button', { name: 'Remove Better sleep from your list' }));
    const question = screen.getByRole('alertdialog', { name: 'Remove this protocol?' });
    expect(question).toHaveAccessibleDescription(
      'Better sleep will no longer appear in your list. Your practitioner can share it with you again.',
    );
    expect(within(question).getByRole('button', { name: 'Yes, remove' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls).not.toContain('DELETE 7');

    await user.click(screen.getByRole('button', { name: 'Remove Better sleep from your list' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Better sleep' })).not.toBeInTheDocument(),
    );
    expect(success).toHaveBeenCalledWith('The protocol was removed from your list.');
    expect(api.calls.filter((call) => call.startsWith('DELETE'))).toEqual(['DELETE 7']);
    expect(screen.getByRole('heading', { level: 2, name: 'Gut reset' })).toBeInTheDocument();
  });

  it("closes the question on Escape", async () => {
    const user = userEvent.setup();
    clientServer([sharedProtocol()]);
    await renderPage(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove Better sleep from your list' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the spec's error toast and keeps the protocol when removing fails", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    clientServer([sharedProtocol()]);
    server.use(
      http.delete('*/api/v2/account/clients/protocols/:id', () =>
        HttpResponse.json({ message: 'down', code: 'service_unavailable', errors: {} }, { status: 503 }),
      ),
    );
    await renderPage(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove Better sleep from your list' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The protocol could not be removed. Please try again.'));
    expect(screen.getByRole('heading', { level: 2, name: 'Better sleep' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, remove' })).toBeEnabled();
  });

  it('adds a protocol to the cart once, with a toast naming the discount, and the cart badge follows', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = clientServer([sharedProtocol()]);
    await renderPage(PAGE, <CartBadge />);
    const add = await screen.findByRole('button', { name: 'Add to cart: Better sleep' });
    expect(screen.getByRole('link', { name: 'Cart 0 (items in the cart)' })).toBeInTheDocument();

    await user.dblClick(add);
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Better sleep was added to your cart. Your discount of 10% applies.'),
    );
    expect(await screen.findByRole('link', { name: 'Cart 3 (items in the cart)' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual(['POST cart 7']);
  });

  it('shows an error toast when the cart refuses the protocol', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    clientServer([sharedProtocol()]);
    server.use(
      http.post('*/api/v2/storefront/cart/protocols/:id', () =>
        HttpResponse.json({ message: 'Protocol not found.', code: 'not_found', errors: {} }, { status: 404 }),
      ),
    );
    await renderPage(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Better sleep' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Better sleep could not be added to your cart. Please try again.'),
    );
  });

  it('offers to refill a protocol automatically, or shows its live refill and the way to it', async () => {
    clientServer([sharedProtocol(), sharedProtocol({ protocol_id: 8, id: 8, name: 'Calm days' })]);
    server.use(
      http.get('*/api/v2/account/clients/subscriptions', () =>
        HttpResponse.json([
          subscription({ id: 4, protocol_id: 7, state: 'cancelled' }),
          subscription({ id: 5, protocol_id: 8, next_parcel_on: '2026-12-31' }),
        ]),
      ),
    );
    await renderPage(PAGE);

    const sleep = card((await screen.findByRole('heading', { level: 2, name: 'Better sleep' })).textContent ?? '');
    expect(await within(sleep).findByRole('link', { name: 'Refill Better sleep automatically' })).toHaveAttribute(
      'href',
      '/en/account/refills/new?protocol_id=7',
    );
    const calm = card('Calm days');
    expect(within(calm).getByRole('link', { name: 'Automatic refill: next parcel on December 31, 2026' })).toHaveAttribute(
      'href',
      '/en/account/refills/5',
    );
    expect(within(calm).queryByRole('link', { name: /automatically/ })).not.toBeInTheDocument();
  });

  it('says so when nothing was shared yet', async () => {
    clientServer([]);
    await renderPage(PAGE);
    expect(await screen.findByRole('heading', { name: 'No protocols yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
  });

  it('shows loading, then an error with a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    clientServer([sharedProtocol()]);
    server.use(
      http.get('*/api/v2/account/clients/protocols', async () => {
        if (!fail) return undefined;
        // Slow enough to see the loading state before the error replaces it.
        await delay(100);
        return HttpResponse.json({ message: 'down' }, { status: 503 });
      }),
    );
    await renderPage(PAGE);
    expect(await screen.findByText('Loading your protocols…')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your protocols.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Better sleep' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in and come back', async () => {
    setTokens(null);
    const api = clientServer([sharedProtocol()]);
    await renderPage(PAGE);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/en/login?next=%2Faccount%2Fclient%2Fprotocols',
    );
    expect(api.calls).toEqual([]);
  });

  it('tells a practitioner the page is for clients, without asking for the list', async () => {
    setTokens({ ...CLIENT, userTypeId: 2 });
    const api = clientServer([sharedProtocol()]);
    await renderPage(PAGE);
    expect(
      await screen.findByText('This page is for clients: it lists the protocols a practitioner shared with them.'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

/** Zinc sold out, at 2 a time; the practitioner would have the client take Zinc Plus meanwhile. */
const ZINC_PLUS = lineSubstitute(40, 'Zinc Plus', { price: '11.00', price_difference: '-1.50', dose_ratio: 2 });
const soldOutZinc = (substitute: ReturnType<typeof lineSubstitute> | null) =>
  withStock(product(4, 'Zinc', { item_count: 2, price: '12.50', substitute }), SOLD_OUT);
const SAME_FACTS = substituteOffer(51, 'Zinc Bisglycinate', { price: '14.50', price_difference: '2.00', dose_ratio: 0.5, unit: '90 capsules' });
const MARKED = substituteOffer(52, 'Zinc Citrate', { reason: 'marked' });

describe("client protocols page: a sold-out line's alternative", () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => {
    setTokens(null);
    vi.restoreAllMocks();
  });

  const lineOf = async (name: string) =>
    (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

  it("shows the practitioner's substitute with its size, price and dose, asks nothing, and adds it at the line's quantity", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = clientServer([sharedProtocol({ products: [soldOutZinc(ZINC_PLUS), product(6, 'Iron')] })]);
    const asked = substitutesServer(server, () => [SAME_FACTS]);
    await renderPage(PAGE, <CartBadge />);

    const zinc = await lineOf('Zinc');
    const instead = within(zinc).getByRole('group', { name: 'Alternative to Zinc' });
    expect(within(instead).getByText('Instead:')).toBeInTheDocument();
    expect(within(instead).getByText("Your practitioner's choice")).toBeInTheDocument();
    expect(within(instead).getByRole('link', { name: 'Zinc Plus' })).toHaveAttribute('href', '/en/products/zinc-plus');
    expect(within(instead).getByText('60 capsules · 11,00 €')).toBeInTheDocument();
    expect(within(instead).getByText('1,50 € cheaper · 2× the dose per serving')).toBeInTheDocument();
    // The back-in-stock alert stays beside it; the in-stock line offers nothing.
    expect(within(zinc).getByRole('button', { name: 'Tell me when it is back: Zinc' })).toBeInTheDocument();
    expect(within(await lineOf('Iron')).queryByRole('group')).toBeNull();

    await user.click(within(instead).getByRole('button', { name: 'Add Zinc Plus to your cart instead of Zinc' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('2 × Zinc Plus were added to your cart.'));
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual(['POST items 40 x2']);
    expect(await screen.findByRole('link', { name: 'Cart 2 (items in the cart)' })).toBeInTheDocument();
    // The protocol carries the practitioner's choice: no call for offers.
    expect(asked).toEqual([]);
  });

  it('says under the daily totals which substitute they count, and names it in their warnings', async () => {
    clientServer([
      sharedProtocol({
        products: [soldOutZinc(ZINC_PLUS), product(6, 'Iron')],
        daily_totals: {
          nutrients: [
            {
              nutrient: 'zinc',
              name: 'Zinc',
              unit: 'mg',
              total: 26,
              counted: 26,
              limit: 25,
              share: 1.04,
              level: 'over',
              source: { authority: 'EFSA', kind: 'UL', applies_to: 'total', reference: 'EFSA NDA Panel, zinc', year: 2024 },
              // The server counts the substitute's variant in place of the sold-out line's.
              lines: [
                { product_variant_id: 40, amount: 20, counted: true },
                { product_variant_id: 6, amount: 6, counted: true },
              ],
            },
          ],
          no_data: [],
        },
      }),
    ]);
    await renderPage(PAGE);

    const totals = await screen.findByRole('region', { name: 'Daily totals' });
    expect(within(totals).getByRole('alert')).toHaveTextContent('Adding up: Zinc Plus, Iron.');
    expect(screen.getByText('Totals count Zinc Plus in place of the sold-out Zinc.')).toBeInTheDocument();
    // Adding the protocol puts the substitute in the cart (the server does), and the line says so.
    expect(within(await lineOf('Zinc')).getByText('Sold out: Zinc Plus goes into your cart in its place when you add the protocol.')).toBeInTheDocument();
  });

  it("shows the shop's first offer for a sold-out line without a usable substitute, asked with the variant and the protocol", async () => {
    clientServer([
      sharedProtocol({
        products: [
          soldOutZinc(null),
          // The practitioner's substitute is sold out too: the shop's offers stand in, and the totals count nothing else.
          withStock(product(8, 'Selenium', { substitute: lineSubstitute(41, 'Selenium Plus', { stock: SOLD_OUT }) }), SOLD_OUT),
        ],
      }),
    ]);
    const asked = substitutesServer(server, (slug) => (slug === 'zinc' ? [SAME_FACTS, MARKED] : [MARKED]));
    await renderPage(PAGE);

    const zinc = within(await lineOf('Zinc')).getByRole('group', { name: 'Alternative to Zinc' });
    expect(within(zinc).getByText('Same nutrients per serving')).toBeInTheDocument();
    expect(within(zinc).getByRole('link', { name: 'Zinc Bisglycinate' })).toHaveAttribute('href', '/en/products/zinc-bisglycinate');
    expect(within(zinc).getByText('90 capsules · 14,50 €')).toBeInTheDocument();
    expect(within(zinc).getByText('2,00 € more · Half the dose per serving')).toBeInTheDocument();
    // Only the first offer.
    expect(within(zinc).queryByText('Zinc Citrate')).toBeNull();

    const selenium = await within(await lineOf('Selenium')).findByRole('group', { name: 'Alternative to Selenium' });
    expect(within(selenium).getByText("Shop's alternative")).toBeInTheDocument();
    expect(within(selenium).getByRole('link', { name: 'Zinc Citrate' })).toBeInTheDocument();
    expect(within(selenium).queryByText('Selenium Plus')).toBeNull();
    expect(screen.queryByText(/Totals count/)).toBeNull();
    expect([...asked].sort()).toEqual(['selenium?variant_id=8&protocol_id=7', 'zinc?variant_id=4&protocol_id=7']);
  });

  it("asks again when stock or the practitioner's choice changes", async () => {
    clientServer([sharedProtocol({ products: [soldOutZinc(null)] })]);
    let offers = [MARKED];
    const asked = substitutesServer(server, () => offers);
    await renderPage(PAGE);
    expect(await screen.findByRole('link', { name: 'Zinc Citrate' })).toBeInTheDocument();

    offers = [SAME_FACTS];
    act(() => topicRegistry.dispatch({ topic: 'stock.updated', data: { product_ids: [510], product_variant_ids: [51] } }));
    expect(await screen.findByRole('link', { name: 'Zinc Bisglycinate' })).toBeInTheDocument();

    act(() => topicRegistry.dispatch({ topic: 'protocol.updated', data: { protocol_id: 7 }, seq: 7 }));
    await waitFor(() => expect(asked).toHaveLength(3));
  });

  it("shows the server's reason when the cart refuses the alternative", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    clientServer([sharedProtocol({ products: [soldOutZinc(ZINC_PLUS)] })]);
    server.use(
      http.post('*/api/v2/storefront/cart/items', () =>
        HttpResponse.json({ message: 'Only 1 left of Zinc Plus.', code: 'validation_error', errors: {} }, { status: 422 }),
      ),
    );
    await renderPage(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Add Zinc Plus to your cart instead of Zinc' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Only 1 left of Zinc Plus.'));
    expect(screen.getByRole('button', { name: 'Add Zinc Plus to your cart instead of Zinc' })).toBeEnabled();
  });

  it('asks nothing for a protocol with nothing sold out', async () => {
    clientServer([sharedProtocol()]);
    const asked = substitutesServer(server, () => [SAME_FACTS]);
    await renderPage(PAGE);
    await screen.findByRole('link', { name: 'Omega 3' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(screen.queryByRole('group', { name: /Alternative to/ })).toBeNull();
    expect(screen.queryByText(/Totals count/)).toBeNull();
  });
});
