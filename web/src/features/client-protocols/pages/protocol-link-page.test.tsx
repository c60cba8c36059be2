import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast/toast-store';
import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { testI18n } from '../../../testing/test-i18n';
import type { LinkedProtocol } from '../api/types';
import { lineSubstitute, linkedProtocol, product, SOLD_OUT, stockAlertReply, substituteOffer, withStock } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';
import { substitutesServer } from '../testing/substitutes-server';

const CLIENT = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };
const NOT_FOUND = { message: 'This link no longer works.', code: 'not_found', errors: {} };

interface Seen {
  path: string;
  authorization: string | null;
}

/** The link view and the cart call behind MSW; `protocol` null answers the link as revoked. */
function linkServer(initial: LinkedProtocol | null) {
  let protocol = initial;
  const seen: Seen[] = [];
  const seenBodies: unknown[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    seen.push({ path: `${request.method} ${url.pathname.replace(/^\/api/, '')}${url.search}`, authorization: request.headers.get('Authorization') });
  };
  server.use(
    http.get('*/api/v2/storefront/protocols/link/:token', ({ request, params }) => {
      record(request);
      return protocol && params.token === 'tok' ? HttpResponse.json(protocol) : HttpResponse.json(NOT_FOUND, { status: 404 });
    }),
    // A sold-out line asks for alternatives; none unless a test says otherwise (substitutesServer).
    http.get('*/api/v2/storefront/products/:slug/substitutes', () => HttpResponse.json([])),
    http.post('*/api/v2/storefront/cart/items', async ({ request }) => {
      record(request);
      seenBodies.push(await request.json());
      return HttpResponse.json({
        items: [],
        total_items: 2,
        total_price: '22.00',
        total_discount: '0.00',
        total_price_after_discount: '22.00',
        discount_rate: '0.00',
        currency: 'EUR',
      });
    }),
    http.post('*/api/v2/storefront/cart/protocols/:id', async ({ request }) => {
      record(request);
      await delay(30);
      return HttpResponse.json({
        items: [],
        total_items: 3,
        total_price: '30.00',
        total_discount: '0.00',
        total_price_after_discount: '30.00',
        discount_rate: '0.00',
        currency: 'EUR',
      });
    }),
  );
  return {
    seen,
    /** The bodies of the cart's item calls. */
    seenBodies,
    revoke() {
      protocol = null;
    },
    /** Every line's size comes back in stock. */
    restock() {
      protocol = protocol && {
        ...protocol,
        products: protocol.products.map((line) => withStock(line, { state: 'in_stock', available: null, note: '' })),
      };
    },
  };
}

describe('protocol link page', () => {
  afterEach(() => {
    setTokens(null);
    vi.restoreAllMocks();
  });

  it('shows the protocol to a signed-out visitor and sends them to sign in and back', async () => {
    const api = linkServer(linkedProtocol());
    await renderPage('/en/protocols/tok');

    expect(await screen.findByRole('heading', { level: 1, name: 'Better sleep' })).toBeInTheDocument();
    expect(screen.getByText('Put together by Dr Pia Holm')).toBeInTheDocument();
    expect(screen.getByText('Four weeks, then we review.')).toBeInTheDocument();
    const lines = screen.getByRole('list', { name: 'Products in Better sleep' });
    const omega = within(lines).getByRole('link', { name: 'Omega 3' }).closest('li') as HTMLElement;
    expect(within(omega).getByText('Quantity: 2')).toBeInTheDocument();
    expect(within(omega).getByText('Dosage: Two capsules with breakfast')).toBeInTheDocument();
    expect(within(omega).getByText('12,50 € each')).toBeInTheDocument();
    expect(within(omega).getByLabelText('Subtotal for Omega 3')).toHaveTextContent('25,00 €');
    expect(within(lines).getByText('Dosage: One before bed')).toBeInTheDocument();
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('30,00 €');
    // A stranger never sees a discount.
    expect(screen.queryByText('Your discount')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Sign in to add all to your cart' })).toHaveAttribute(
      'href',
      '/en/login?next=%2Fprotocols%2Ftok',
    );
    expect(screen.queryByRole('button', { name: 'Add all to cart' })).not.toBeInTheDocument();
    expect(api.seen).toEqual([{ path: 'GET /v2/storefront/protocols/link/tok', authorization: null }]);
  });

  it('shows the daily totals with the warning, the lines that add up and each level\'s source', async () => {
    const source = { authority: 'EFSA', kind: 'UL', applies_to: 'total', reference: 'EFSA NDA Panel, vitamin D', year: 2023 };
    linkServer(
      linkedProtocol({
        daily_totals: {
          nutrients: [
            {
              nutrient: 'vitamin_d',
              name: 'Vitamin D',
              unit: 'µg',
              total: 110,
              counted: 110,
              limit: 100,
              share: 1.1,
              level: 'over',
              source,
              lines: [
                { product_variant_id: 1, amount: 100, counted: true },
                { product_variant_id: 2, amount: 10, counted: true },
              ],
            },
          ],
          no_data: [],
        },
      }),
    );
    await renderPage('/en/protocols/tok');

    const totals = await screen.findByRole('region', { name: 'Daily totals' });
    expect(within(totals).getByRole('heading', { level: 2, name: 'Daily totals' })).toBeInTheDocument();
    expect(within(totals).getByRole('alert')).toHaveTextContent(
      'Vitamin D reaches 110% of its upper level. Adding up: Omega 3, Magnesium.',
    );
    const row = within(totals).getByRole('row', { name: /Vitamin D/ });
    expect(row).toHaveTextContent('110 µg');
    expect(row).toHaveTextContent('At or over the level');
    expect(within(totals).getByText('EFSA, UL (2023), intake from all sources: EFSA NDA Panel, vitamin D')).toBeInTheDocument();
    expect(within(totals).getByText('Reference figures for adults, with their sources. Not medical advice.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'When to take Magnesium' })).toHaveTextContent('Breakfast 1');
  });

  it('says when each line is taken: its slots, with food, cycle, length and steps', async () => {
    const day = {
      slots: { breakfast: 1, dinner: 0.5 },
      with_food: 'with' as const,
      cycle: { on_days: 5, off_days: 2 },
      start_date: '2026-12-01',
      weeks: 12,
      steps: [{ from_week: 3, slots: { breakfast: 2, dinner: 1 } }],
    };
    linkServer(linkedProtocol({ products: [product(1, 'Omega 3', { schedule: day, servings_per_day: 3 })] }));
    await renderPage('/en/protocols/tok');

    const when = await screen.findByRole('list', { name: 'When to take Omega 3' });
    expect(within(when).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Breakfast 1 · Dinner 0.5 · with food',
      '5 days on, 2 off',
      'for 12 weeks from December 1, 2026',
      'from week 3: Breakfast 2 · Dinner 1',
    ]);
  });

  it('adds all to the cart with the link token once signed in, with a toast', async () => {
    setTokens(CLIENT);
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = linkServer(linkedProtocol());
    await renderPage('/en/protocols/tok');

    await user.dblClick(await screen.findByRole('button', { name: 'Add all to cart' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Better sleep was added to your cart.'));
    expect(api.seen.filter((call) => call.path.startsWith('POST'))).toEqual([
      { path: 'POST /v2/storefront/cart/protocols/7?link_token=tok', authorization: 'Bearer client' },
    ]);
  });

  it('offers a signed-in visitor a back-in-stock alert on a sold-out line: POST with its variant, then the promise of an e-mail', async () => {
    setTokens(CLIENT);
    const user = userEvent.setup();
    const asked: { body: unknown; authorization: string | null }[] = [];
    linkServer(linkedProtocol({ products: [withStock(product(1, 'Omega 3'), SOLD_OUT), product(2, 'Magnesium')] }));
    server.use(
      http.post('*/api/v2/account/stock-alerts', async ({ request }) => {
        asked.push({ body: await request.json(), authorization: request.headers.get('Authorization') });
        return HttpResponse.json(stockAlertReply(1, 'Omega 3'), { status: 201 });
      }),
    );
    await renderPage('/en/protocols/tok');

    const lines = await screen.findByRole('list', { name: 'Products in Better sleep' });
    const line = (name: string) => within(lines).getByRole('link', { name }).closest('li') as HTMLElement;
    expect(within(line('Omega 3')).getByText('Sold out')).toBeInTheDocument();
    // In stock: nothing to wait for.
    expect(within(line('Magnesium')).queryByRole('button', { name: /Tell me when it is back/ })).not.toBeInTheDocument();

    await user.click(within(line('Omega 3')).getByRole('button', { name: 'Tell me when it is back: Omega 3' }));

    expect(await within(line('Omega 3')).findByRole('status')).toHaveTextContent('We will e-mail you when it is back in stock.');
    expect(asked).toEqual([{ body: { product_variant_id: 1 }, authorization: 'Bearer client' }]);
  });

  it('offers a signed-out visitor no alert on a sold-out line (it would be nobody\'s)', async () => {
    linkServer(linkedProtocol({ products: [withStock(product(1, 'Omega 3'), SOLD_OUT)] }));
    await renderPage('/en/protocols/tok');

    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tell me when it is back/ })).not.toBeInTheDocument();
  });

  it('reads the protocol again instead of showing an error when the size is in stock after all (409)', async () => {
    setTokens(CLIENT);
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const api = linkServer(linkedProtocol({ products: [withStock(product(1, 'Omega 3'), SOLD_OUT)] }));
    server.use(
      http.post('*/api/v2/account/stock-alerts', () => {
        // Stock came in since the page read the protocol: the server now lists the line in stock.
        api.restock();
        return HttpResponse.json(
          { message: 'Omega 3 is in stock: add it to your cart instead.', code: 'conflict', errors: {} },
          { status: 409 },
        );
      }),
    );
    await renderPage('/en/protocols/tok');

    await user.click(await screen.findByRole('button', { name: 'Tell me when it is back: Omega 3' }));

    await waitFor(() => expect(screen.queryByText('Sold out')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Tell me when it is back/ })).not.toBeInTheDocument();
    expect(api.seen.filter((call) => call.path === 'GET /v2/storefront/protocols/link/tok')).toHaveLength(2);
    expect(error).not.toHaveBeenCalled();
  });

  it('shows an error toast when the cart refuses', async () => {
    setTokens(CLIENT);
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    linkServer(linkedProtocol());
    server.use(http.post('*/api/v2/storefront/cart/protocols/:id', () => HttpResponse.json(NOT_FOUND, { status: 404 })));
    await renderPage('/en/protocols/tok');
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Better sleep could not be added to your cart. Please try again.'),
    );
  });

  it('shows a not-found screen with a way to the products for an unknown or revoked link', async () => {
    linkServer(null);
    await renderPage('/en/protocols/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Protocol not found' })).toBeInTheDocument();
    expect(screen.getByText('This link does not work any more. Ask your practitioner for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
  });

  it('turns into the not-found screen when the protocol is deleted while open', async () => {
    setTokens(CLIENT);
    const api = linkServer(linkedProtocol());
    await renderPage('/en/protocols/tok');
    await screen.findByRole('heading', { level: 1, name: 'Better sleep' });
    api.revoke();
    act(() => topicRegistry.dispatch({ topic: 'protocol.deleted', data: { protocol_id: 7 }, seq: 3 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Protocol not found' })).toBeInTheDocument();
  });

  it('offers a retry when the server fails, and shows the protocol after it', async () => {
    const user = userEvent.setup();
    let fail = true;
    linkServer(linkedProtocol());
    server.use(
      http.get('*/api/v2/storefront/protocols/link/:token', () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : undefined,
      ),
    );
    await renderPage('/en/protocols/tok');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this protocol.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Better sleep' })).toBeInTheDocument();
  });

  it('speaks the language of the URL', async () => {
    await act(() => testI18n.changeLanguage('de'));
    try {
      linkServer(linkedProtocol());
      await renderPage('/de/protocols/tok');
      expect(await screen.findByRole('link', { name: 'Anmelden, um alles in den Warenkorb zu legen' })).toHaveAttribute(
        'href',
        '/de/login?next=%2Fprotocols%2Ftok',
      );
      expect(screen.getByText('Menge: 2')).toBeInTheDocument();
    } finally {
      await act(() => testI18n.changeLanguage('en'));
    }
  });
});

/** Omega 3 sold out, at 2 a time (the fixture's); the practitioner would have it replaced by Krill Oil. */
const KRILL = lineSubstitute(30, 'Krill Oil', { price: '15.00', price_difference: '2.50', dose_ratio: 0.5, unit_of_measure: '90 softgels' });
const soldOutOmega = (substitute: ReturnType<typeof lineSubstitute> | null) =>
  withStock(product(1, 'Omega 3', { item_count: 2, price: '12.50', substitute }), SOLD_OUT);

describe("protocol link page: a sold-out line's alternative", () => {
  afterEach(() => {
    setTokens(null);
    vi.restoreAllMocks();
  });

  it("shows a signed-out visitor the practitioner's substitute and the totals' note, and sends them to sign in to add it", async () => {
    const api = linkServer(linkedProtocol({ products: [soldOutOmega(KRILL), product(2, 'Magnesium')] }));
    const asked = substitutesServer(server);
    await renderPage('/en/protocols/tok');

    const instead = await screen.findByRole('group', { name: 'Alternative to Omega 3' });
    expect(within(instead).getByText("Your practitioner's choice")).toBeInTheDocument();
    expect(within(instead).getByRole('link', { name: 'Krill Oil' })).toHaveAttribute('href', '/en/products/krill-oil');
    expect(within(instead).getByText('90 softgels · 15,00 €')).toBeInTheDocument();
    expect(within(instead).getByText('2,50 € more · Half the dose per serving')).toBeInTheDocument();
    expect(within(instead).getByRole('link', { name: 'Sign in to add Krill Oil instead' })).toHaveAttribute(
      'href',
      '/en/login?next=%2Fprotocols%2Ftok',
    );
    expect(within(instead).queryByRole('button')).toBeNull();
    expect(screen.getByText('Totals count Krill Oil in place of the sold-out Omega 3.')).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(api.seen.map((call) => call.path)).toEqual(['GET /v2/storefront/protocols/link/tok']);
  });

  it("asks the shop's offers with the link token for a line without a substitute, and adds the first at the line's quantity", async () => {
    setTokens(CLIENT);
    const user = userEvent.setup();
    const api = linkServer(linkedProtocol({ products: [soldOutOmega(null), product(2, 'Magnesium')] }));
    const asked = substitutesServer(server, () => [
      substituteOffer(31, 'Algae Omega', { reason: 'marked', price: '12.50', price_difference: '0.00', dose_ratio: 1.5 }),
      substituteOffer(32, 'Fish Oil'),
    ]);
    await renderPage('/en/protocols/tok');

    const instead = await screen.findByRole('group', { name: 'Alternative to Omega 3' });
    expect(within(instead).getByText("Shop's alternative")).toBeInTheDocument();
    expect(within(instead).getByText('30 capsules · 12,50 €')).toBeInTheDocument();
    expect(within(instead).getByText('Same price · 1.5× the dose per serving')).toBeInTheDocument();
    expect(within(instead).queryByText('Fish Oil')).toBeNull();
    expect(asked).toEqual(['omega-3?variant_id=1&protocol_id=7&link_token=tok']);
    // The shop's offer is not what the totals count.
    expect(screen.queryByText(/Totals count/)).toBeNull();

    await user.click(within(instead).getByRole('button', { name: 'Add Algae Omega to your cart instead of Omega 3' }));

    await waitFor(() => expect(api.seenBodies).toEqual([{ product_variant_id: 31, quantity: 2 }]));
    expect(api.seen.filter((call) => call.path.startsWith('POST'))).toEqual([
      { path: 'POST /v2/storefront/cart/items', authorization: 'Bearer client' },
    ]);
  });
});
