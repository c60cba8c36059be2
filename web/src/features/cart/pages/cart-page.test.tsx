import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import type { Stock } from '../../../lib/stock/stock';
import { toast } from '../../../lib/toast/toast-store';
import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { substituteOffer } from '../../../testing/substitute-fixtures';
import { testI18n, testI18nReady } from '../../../testing/test-i18n';
import { CartBadge } from '../components/cart-badge';
import { CartPage } from './cart-page';

const TOKENS = { accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 };

interface Line {
  product_variant_id: number;
  quantity: number;
  price: string;
  name: string;
  stock?: Stock;
  /** The shared protocol the line came from. */
  source_protocol_id?: number | null;
}

const IN_STOCK: Stock = { state: 'in_stock', available: null, note: '' };

/** An in-memory cart behind MSW that answers like the server (whole cart after every write). */
function cartServer(initial: Line[], { discountRate = '10.00', currency = 'EUR' } = {}) {
  let lines = initial.map((line) => ({ ...line }));
  const requests: { method: string; path: string; body: unknown }[] = [];
  let override: unknown = null;

  const answer = () => {
    const total = lines.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
    const discount = Math.round(total * Number(discountRate)) / 100;
    return (
      override ?? {
        items: lines.map((line) => ({
          product_id: line.product_variant_id * 10,
          product_variant_id: line.product_variant_id,
          price: line.price,
          quantity: line.quantity,
          line_total: (Number(line.price) * line.quantity).toFixed(2),
          name: line.name,
          slug: `product-${line.product_variant_id}`,
          sku: `SKU-${line.product_variant_id}`,
          unit_of_measure: '60 capsules',
          availability: line.stock?.state === 'sold_out' ? 2 : 1,
          stock: line.stock ?? IN_STOCK,
          source_protocol_id: line.source_protocol_id ?? null,
          // As the server sends them: the product's assets ride along with each line.
          assets: [
            {
              is_primary: true,
              image_url: `/media/product-${line.product_variant_id}.webp`,
              alt_text: `Photo of product-${line.product_variant_id}`,
              thumbnails: { thumbnail_250: `/media/product-${line.product_variant_id}-250.webp` },
            },
          ],
        })),
        total_items: lines.reduce((sum, line) => sum + line.quantity, 0),
        total_price: total.toFixed(2),
        total_discount: discount.toFixed(2),
        total_price_after_discount: (total - discount).toFixed(2),
        discount_rate: discountRate,
        currency,
      }
    );
  };
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    requests.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
  };
  const set = (id: number, quantity: number) => {
    const line = lines.find((candidate) => candidate.product_variant_id === id);
    if (quantity <= 0) lines = lines.filter((candidate) => candidate.product_variant_id !== id);
    else if (line) line.quantity = quantity;
    else lines.push({ product_variant_id: id, quantity, price: '5.00', name: `Variant ${id}` });
  };

  server.use(
    http.get('*/api/v2/storefront/cart', async ({ request }) => {
      await record(request, '/cart');
      return HttpResponse.json(answer());
    }),
    http.post('*/api/v2/storefront/cart/items', async ({ request }) => {
      const body = (await request.clone().json()) as { product_variant_id: number; quantity: number };
      await record(request, '/cart/items');
      const line = lines.find((candidate) => candidate.product_variant_id === body.product_variant_id);
      set(body.product_variant_id, (line?.quantity ?? 0) + body.quantity);
      return HttpResponse.json(answer());
    }),
    http.put('*/api/v2/storefront/cart/items/:id', async ({ request, params }) => {
      const body = (await request.clone().json()) as { quantity: number };
      await record(request, `/cart/items/${String(params.id)}`);
      set(Number(params.id), body.quantity);
      return HttpResponse.json(answer());
    }),
    http.delete('*/api/v2/storefront/cart/items/:id', async ({ request, params }) => {
      await record(request, `/cart/items/${String(params.id)}`);
      set(Number(params.id), 0);
      return HttpResponse.json(answer());
    }),
    http.delete('*/api/v2/storefront/cart', async ({ request }) => {
      await record(request, '/cart');
      lines = [];
      return HttpResponse.json(answer());
    }),
    // A sold-out line asks for alternatives; none unless a test says otherwise (substitutesServer).
    http.get('*/api/v2/storefront/products/:slug/substitutes', () => HttpResponse.json([])),
  );

  return {
    requests,
    writes: () => requests.filter((request) => request.method !== 'GET'),
    gets: () => requests.filter((request) => request.method === 'GET'),
    /** Changes the cart as another device would. */
    setLines(next: Line[]) {
      lines = next.map((line) => ({ ...line }));
    },
    answerWith(value: unknown) {
      override = value;
    },
  };
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nextProvider i18n={testI18n}>
        <Suspense fallback={null}>{children}</Suspense>
      </I18nextProvider>
    </SWRConfig>
  );
}

async function renderCart(url = '/en/cart') {
  await testI18nReady;
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/cart',
        element: (
          <>
            <CartBadge />
            <CartPage />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const lineOf = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;
const badge = () => screen.getByRole('link', { name: /^Cart \d+ \(items in the cart\)$/ });

describe('cart page', () => {
  beforeEach(() => {
    setTokens(TOKENS);
  });

  afterEach(() => {
    setTokens(null);
  });

  it('shows each line with image, name, variant, price and the totals from the server', async () => {
    cartServer(
      [
        { product_variant_id: 1, quantity: 2, price: '10.50', name: 'Omega 3' },
        { product_variant_id: 2, quantity: 1, price: '4.00', name: 'Vitamin D' },
      ],
      { discountRate: '10.00', currency: 'GBP' },
    );
    await renderCart();

    const omega = await screen.findByRole('link', { name: 'Omega 3' });
    expect(omega).toHaveAttribute('href', '/en/products/product-1');
    const line = lineOf('Omega 3');
    expect(within(line).getByText('60 capsules · SKU SKU-1')).toBeInTheDocument();
    expect(within(line).getByText('£10.50 each')).toBeInTheDocument();
    expect(within(line).getByLabelText('Subtotal for Omega 3')).toHaveTextContent('£21.00');
    expect(within(line).getByRole('textbox', { name: 'Quantity of Omega 3' })).toHaveValue('2');
    expect(await within(line).findByRole('img', { name: 'Photo of product-1' })).toHaveAttribute(
      'src',
      '/media/product-1-250.webp',
    );

    const totals = screen.getByRole('region', { name: 'Order summary' });
    const row = (label: string) => within(totals).getByText(label).nextElementSibling;
    expect(row('Items')).toHaveTextContent('3');
    expect(row('Subtotal')).toHaveTextContent('£25.00');
    expect(row('Your discount')).toHaveTextContent('10%');
    expect(row('Discount')).toHaveTextContent('£2.50');
    expect(row('Total')).toHaveTextContent('£22.50');
    expect(badge()).toHaveAccessibleName('Cart 3 (items in the cart)');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/en/checkout');
  });

  it("shows each line's stock: few left, sold out, on back-order with its note, and asks to lower a quantity above what is left", async () => {
    cartServer([
      { product_variant_id: 1, quantity: 2, price: '10.50', name: 'Omega 3', stock: { state: 'low', available: 3, note: '' } },
      { product_variant_id: 2, quantity: 4, price: '8.00', name: 'Magnesium', stock: { state: 'low', available: 2, note: '' } },
      { product_variant_id: 3, quantity: 1, price: '12.50', name: 'Vitamin D3 Drops', stock: { state: 'sold_out', available: null, note: '' } },
      { product_variant_id: 4, quantity: 1, price: '6.00', name: 'Zinc', stock: { state: 'back_order', available: null, note: 'Ships in 2 weeks' } },
      { product_variant_id: 5, quantity: 1, price: '4.00', name: 'Vitamin C' },
    ]);
    await renderCart();
    await screen.findByRole('link', { name: 'Omega 3' });

    // Few left, and the quantity fits: only the badge.
    expect(within(lineOf('Omega 3')).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(lineOf('Omega 3')).queryByText(/lower it to order/)).toBeNull();
    // More in the cart than is left: the buyer is asked to lower it.
    expect(within(lineOf('Magnesium')).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(lineOf('Magnesium')).getByText('Not enough left for this quantity: lower it to order.')).toBeInTheDocument();
    // Sold out says so in words, and the line stays (the server decides at checkout).
    const soldOut = lineOf('Vitamin D3 Drops');
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
    expect(within(soldOut).getByText('It cannot be ordered until it is back in stock.')).toBeInTheDocument();
    expect(within(soldOut).queryByText('Currently out of stock')).toBeNull();
    expect(within(soldOut).getByRole('textbox', { name: 'Quantity of Vitamin D3 Drops' })).toBeEnabled();
    expect(within(lineOf('Zinc')).getByText('On back-order: Ships in 2 weeks')).toBeInTheDocument();
    // In stock: nothing to say.
    expect(lineOf('Vitamin C').querySelector('.stock-badge')).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/en/checkout');
  });

  it('shows totals exactly as answered, without recomputing them', async () => {
    const cart = cartServer([]);
    cart.answerWith({
      items: [
        {
          product_id: 9,
          product_variant_id: 9,
          price: '1.00',
          quantity: 1,
          line_total: '1.00',
          name: 'Zinc',
          slug: 'zinc',
          sku: 'Z',
          unit_of_measure: '30 tablets',
          availability: 1,
          stock: IN_STOCK,
          assets: [{ is_primary: true, image_url: '/media/zinc.webp', thumbnails: { thumbnail_250: '/media/zinc-250.webp' } }],
        },
      ],
      total_items: 1,
      total_price: '99.99',
      total_discount: '12.34',
      total_price_after_discount: '87.65',
      discount_rate: '12.50',
      currency: 'EUR',
    });
    await renderCart();
    const totals = await screen.findByRole('region', { name: 'Order summary' });
    expect(totals).toHaveTextContent('99,99 €');
    expect(totals).toHaveTextContent('12,34 €');
    expect(totals).toHaveTextContent('87,65 €');
    expect(totals).toHaveTextContent('12.5%');
    expect(screen.getByRole('img', { name: 'Zinc' })).toHaveAttribute('src', '/media/zinc-250.webp');
  });

  it('treats an answer with a total key as an empty cart (spec: docs/spec-coverage.md#s4-server-answer-total-key)', async () => {
    const cart = cartServer([{ product_variant_id: 1, quantity: 2, price: '10.50', name: 'Omega 3' }]);
    cart.answerWith({ total: 21, items: [{ product_variant_id: 1, quantity: 2 }] });
    await renderCart();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(badge()).toHaveAccessibleName('Cart 0 (items in the cart)');
  });

  it('decrements by one, and at one removes the line', async () => {
    const user = userEvent.setup();
    const cart = cartServer([{ product_variant_id: 1, quantity: 2, price: '10.50', name: 'Omega 3' }]);
    await renderCart();
    await screen.findByRole('link', { name: 'Omega 3' });

    await user.click(screen.getByRole('button', { name: 'Remove one Omega 3' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Omega 3' })).toHaveValue('1'));
    expect(cart.writes()).toEqual([{ method: 'PUT', path: '/cart/items/1', body: { quantity: 1 } }]);

    await user.click(screen.getByRole('button', { name: 'Remove one Omega 3' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(cart.writes()[1]).toEqual({ method: 'DELETE', path: '/cart/items/1', body: null });
    expect(badge()).toHaveAccessibleName('Cart 0 (items in the cart)');
  });

  it('runs quick clicks in turn, each on the cart the previous one answered', async () => {
    const cart = cartServer([{ product_variant_id: 1, quantity: 2, price: '10.50', name: 'Omega 3' }]);
    server.use(
      http.put('*/api/v2/storefront/cart/items/:id', async () => {
        await delay(30);
        return undefined; // falls through to the cart server's handler
      }),
    );
    await renderCart();
    const minus = await screen.findByRole('button', { name: 'Remove one Omega 3' });
    // Two clicks before the first answer arrives (the buttons disable only after React renders).
    act(() => {
      minus.click();
      minus.click();
    });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(cart.writes().map((write) => write.method)).toEqual(['PUT', 'DELETE']);
  });

  it('adds one with +, sets a typed quantity, and a typed 0 removes the line', async () => {
    const user = userEvent.setup();
    const cart = cartServer([
      { product_variant_id: 1, quantity: 1, price: '10.50', name: 'Omega 3' },
      { product_variant_id: 2, quantity: 1, price: '4.00', name: 'Vitamin D' },
    ]);
    await renderCart();
    await screen.findByRole('link', { name: 'Omega 3' });

    await user.click(screen.getByRole('button', { name: 'Add one more Omega 3' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Omega 3' })).toHaveValue('2'));
    expect(cart.writes()[0]).toEqual({
      method: 'POST',
      path: '/cart/items',
      body: { product_variant_id: 1, quantity: 1 },
    });

    const quantity = screen.getByRole('textbox', { name: 'Quantity of Omega 3' });
    await user.clear(quantity);
    await user.type(quantity, '1x2{Enter}'); // digits only
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Omega 3' })).toHaveValue('12'));
    expect(cart.writes()[1]).toEqual({ method: 'PUT', path: '/cart/items/1', body: { quantity: 12 } });

    const vitamin = screen.getByRole('textbox', { name: 'Quantity of Vitamin D' });
    await user.clear(vitamin);
    await user.type(vitamin, '0');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vitamin D' })).not.toBeInTheDocument());
    expect(cart.writes()[2]).toEqual({ method: 'PUT', path: '/cart/items/2', body: { quantity: 0 } });
    expect(badge()).toHaveAccessibleName('Cart 12 (items in the cart)');
  });

  it('makes an emptied quantity box 1', async () => {
    const user = userEvent.setup();
    const cart = cartServer([{ product_variant_id: 1, quantity: 3, price: '10.50', name: 'Omega 3' }]);
    await renderCart();
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of Omega 3' });
    await user.clear(quantity);
    await user.tab();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Omega 3' })).toHaveValue('1'));
    expect(cart.writes()).toEqual([{ method: 'PUT', path: '/cart/items/1', body: { quantity: 1 } }]);
  });

  it('removes a whole line and empties the cart', async () => {
    const user = userEvent.setup();
    const cart = cartServer([
      { product_variant_id: 1, quantity: 4, price: '10.50', name: 'Omega 3' },
      { product_variant_id: 2, quantity: 1, price: '4.00', name: 'Vitamin D' },
    ]);
    await renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove Omega 3 from the cart' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Omega 3' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Empty the cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(cart.writes().map((write) => `${write.method} ${write.path}`)).toEqual([
      'DELETE /cart/items/1',
      'DELETE /cart',
    ]);
  });

  it('shows a toast and the server state again when a write fails', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cart = cartServer([{ product_variant_id: 1, quantity: 2, price: '10.50', name: 'Omega 3' }]);
    server.use(
      http.put('*/api/v2/storefront/cart/items/:id', () =>
        HttpResponse.json({ message: 'Nope', code: 'validation_error' }, { status: 422 }),
      ),
    );
    await renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove one Omega 3' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your cart could not be updated. Please try again.'));
    await waitFor(() => expect(cart.gets().length).toBe(2));
    expect(screen.getByRole('textbox', { name: 'Quantity of Omega 3' })).toHaveValue('2');
  });

  it('refetches when the socket says the cart changed on another device', async () => {
    const cart = cartServer([{ product_variant_id: 1, quantity: 1, price: '10.50', name: 'Omega 3' }]);
    await renderCart();
    await screen.findByRole('link', { name: 'Omega 3' });

    cart.setLines([
      { product_variant_id: 1, quantity: 1, price: '10.50', name: 'Omega 3' },
      { product_variant_id: 2, quantity: 4, price: '4.00', name: 'Vitamin D' },
    ]);
    act(() => topicRegistry.dispatch({ topic: 'cart.updated', data: { total_items: 5 }, seq: 8 }));
    expect(await screen.findByRole('link', { name: 'Vitamin D' })).toBeInTheDocument();
    expect(badge()).toHaveAccessibleName('Cart 5 (items in the cart)');
    // The badge and the page read one key: one refetch, not one per component.
    expect(cart.gets()).toHaveLength(2);
  });

  it('is reset when the user signs out, and never shows it to the next sign-in', async () => {
    const cart = cartServer([{ product_variant_id: 1, quantity: 3, price: '10.50', name: 'Omega 3' }]);
    await renderCart();
    await screen.findByRole('link', { name: 'Omega 3' });

    act(() => setTokens(null));
    expect(await screen.findByText('Sign in to see your cart and add products to it.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Omega 3' })).not.toBeInTheDocument();
    expect(badge()).toHaveAccessibleName('Cart 0 (items in the cart)');

    cart.setLines([]);
    server.use(
      http.get('*/api/v2/storefront/cart', async () => {
        await delay(50);
        return undefined;
      }),
    );
    act(() => setTokens({ ...TOKENS, accessToken: 'someone-else' }));
    // While the new user's cart loads, the old one is not shown.
    expect(await screen.findByText('Loading your cart…')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Omega 3' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, without calling the API', async () => {
    setTokens(null);
    const cart = cartServer([{ product_variant_id: 1, quantity: 1, price: '10.50', name: 'Omega 3' }]);
    await testI18nReady;
    await act(() => testI18n.changeLanguage('de'));
    onTestFinished(async () => {
      await testI18n.changeLanguage('en');
    });
    await renderCart('/de/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Warenkorb' })).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Anmelden' });
    expect(signIn).toHaveAttribute('href', '/de/login');
    expect(screen.getByRole('link', { name: /^Warenkorb/ })).toHaveAttribute('href', '/de/cart');
    expect(screen.queryByRole('link', { name: 'Zur Kasse' })).not.toBeInTheDocument();
    expect(cart.requests).toEqual([]);
  });

  it('offers a retry when the cart cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    const cart = cartServer([{ product_variant_id: 1, quantity: 1, price: '10.50', name: 'Omega 3' }]);
    server.use(
      http.get('*/api/v2/storefront/cart', () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : undefined,
      ),
    );
    await renderCart();
    expect(await screen.findByText('We could not load your cart.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Omega 3' })).toBeInTheDocument();
    expect(cart.gets()).toHaveLength(1);
  });
});

const SOLD_OUT: Stock = { state: 'sold_out', available: null, note: '' };


/** The substitutes call: `answer` by slug and query; records each query it was asked. */
function substitutesServer(answer: (slug: string, query: URLSearchParams) => Response | unknown[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v2/storefront/products/:slug/substitutes', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(`${String(params.slug)}${url.search}`);
      const reply = answer(String(params.slug), url.searchParams);
      return reply instanceof Response ? reply : HttpResponse.json(reply);
    }),
  );
  return asked;
}

const PRACTITIONERS = substituteOffer(21, 'Sunny D3', { reason: 'practitioner', price: '11.00', price_difference: '-1.50', dose_ratio: 2 });
const SHOPS = substituteOffer(22, 'Daylight D3', { price: '14.50', price_difference: '2.00', dose_ratio: 0.5, unit: '90 softgels' });

describe('cart page: a sold-out line\'s alternative', () => {
  beforeEach(() => {
    setTokens(TOKENS);
  });

  afterEach(() => {
    setTokens(null);
  });

  it("offers the practitioner's choice first, with its size, price and dose; Replace adds it, then removes the line", async () => {
    const user = userEvent.setup();
    const cart = cartServer([
      { product_variant_id: 3, quantity: 2, price: '12.50', name: 'Vitamin D3 Drops', stock: SOLD_OUT, source_protocol_id: 7 },
      { product_variant_id: 5, quantity: 1, price: '4.00', name: 'Vitamin C', source_protocol_id: 7 },
    ]);
    const asked = substitutesServer((_, query) => (query.get('protocol_id') === '7' ? [PRACTITIONERS, SHOPS] : [SHOPS]));
    await renderCart();

    await screen.findByRole('link', { name: 'Vitamin D3 Drops' });
    const line = lineOf('Vitamin D3 Drops');
    const instead = await within(line).findByRole('group', { name: 'Alternative to Vitamin D3 Drops' });
    expect(within(instead).getByText('Instead:')).toBeInTheDocument();
    expect(within(instead).getByText("Your practitioner's choice")).toBeInTheDocument();
    expect(within(instead).getByRole('link', { name: 'Sunny D3' })).toHaveAttribute('href', '/en/products/sunny-d3');
    expect(within(instead).getByText('30 capsules · 11,00 €')).toBeInTheDocument();
    expect(within(instead).getByText('1,50 € cheaper · 2× the dose per serving')).toBeInTheDocument();
    // Only the first offer, and only the sold-out line asked: the in-stock line asks nothing.
    expect(within(instead).queryByText('Daylight D3')).toBeNull();
    expect(within(lineOf('Vitamin C')).queryByRole('group')).toBeNull();
    expect(asked).toEqual(['product-3?variant_id=3&protocol_id=7']);

    await user.click(within(instead).getByRole('button', { name: 'Replace Vitamin D3 Drops with Sunny D3' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vitamin D3 Drops' })).toBeNull());
    expect(cart.writes()).toEqual([
      { method: 'POST', path: '/cart/items', body: { product_variant_id: 21, quantity: 2 } },
      { method: 'DELETE', path: '/cart/items/3', body: null },
    ]);
    expect(screen.getByRole('textbox', { name: 'Quantity of Variant 21' })).toHaveValue('2');
    expect(badge()).toHaveAccessibleName('Cart 3 (items in the cart)');
  });

  it("shows the shop's alternative of a line from no protocol, and half the dose", async () => {
    cartServer([{ product_variant_id: 3, quantity: 1, price: '12.50', name: 'Vitamin D3 Drops', stock: SOLD_OUT }]);
    const asked = substitutesServer(() => [{ ...SHOPS, reason: 'marked' }]);
    await renderCart();
    const instead = await screen.findByRole('group', { name: 'Alternative to Vitamin D3 Drops' });
    expect(within(instead).getByText("Shop's alternative")).toBeInTheDocument();
    expect(within(instead).getByText('90 softgels · 14,50 €')).toBeInTheDocument();
    expect(within(instead).getByText('2,00 € more · Half the dose per serving')).toBeInTheDocument();
    expect(asked).toEqual(['product-3?variant_id=3']);
  });

  it('asks without the protocol when the buyer may no longer read it (404), and says the same nutrients', async () => {
    cartServer([{ product_variant_id: 3, quantity: 1, price: '12.50', name: 'Vitamin D3 Drops', stock: SOLD_OUT, source_protocol_id: 7 }]);
    const asked = substitutesServer((_, query) =>
      query.has('protocol_id')
        ? HttpResponse.json({ message: 'Protocol not found.', code: 'not_found', errors: {} }, { status: 404 })
        : [{ ...SHOPS, dose_ratio: 1, price_difference: '0.00' }],
    );
    await renderCart();
    const instead = await screen.findByRole('group', { name: 'Alternative to Vitamin D3 Drops' });
    expect(within(instead).getByText('Same nutrients per serving')).toBeInTheDocument();
    // The same dose is not worth a word: only the price is said.
    expect(within(instead).getByText('Same price')).toBeInTheDocument();
    expect(within(instead).queryByText(/dose/)).toBeNull();
    expect(asked).toEqual(['product-3?variant_id=3&protocol_id=7', 'product-3?variant_id=3']);
  });

  it('removes nothing when the add is refused, and shows why', async () => {
    const user = userEvent.setup();
    const cart = cartServer([{ product_variant_id: 3, quantity: 2, price: '12.50', name: 'Vitamin D3 Drops', stock: SOLD_OUT, source_protocol_id: 7 }]);
    substitutesServer(() => [PRACTITIONERS]);
    server.use(
      http.post('*/api/v2/storefront/cart/items', () =>
        HttpResponse.json({ message: 'Only 1 left of Sunny D3.', code: 'validation_error', errors: {} }, { status: 422 }),
      ),
    );
    await renderCart();
    await user.click(await screen.findByRole('button', { name: 'Replace Vitamin D3 Drops with Sunny D3' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left of Sunny D3.');
    expect(cart.writes()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Vitamin D3 Drops' })).toBeInTheDocument();
  });

  it('shows nothing more when there is no alternative, and an in-stock cart asks nothing', async () => {
    cartServer([{ product_variant_id: 3, quantity: 1, price: '12.50', name: 'Vitamin D3 Drops', stock: SOLD_OUT }]);
    const asked = substitutesServer(() => []);
    const view = await renderCart();
    await screen.findByRole('link', { name: 'Vitamin D3 Drops' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByText('Instead:')).toBeNull();
    view.unmount();

    cartServer([{ product_variant_id: 5, quantity: 1, price: '4.00', name: 'Vitamin C' }]);
    const none = substitutesServer(() => [SHOPS]);
    await renderCart();
    await screen.findByRole('link', { name: 'Vitamin C' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(none).toEqual([]);
  });
});
