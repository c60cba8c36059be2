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
import type { SharedProtocol } from '../api/types';
import { product, sharedProtocol, SOLD_OUT, stockAlertReply, withStock } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

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
