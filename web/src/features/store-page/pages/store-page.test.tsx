import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast/toast-store';
import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { testI18n } from '../../../testing/test-i18n';
import type { PublicStore } from '../api/types';
import { emptyStore, publicStore, storeProtocol } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

const VISITOR = { accessToken: 'visitor', refreshToken: 'refresh', userTypeId: 4 };
const NOT_FOUND = { message: 'There is no store with this name.', code: 'not_found', errors: {} };

interface Seen {
  call: string;
  authorization: string | null;
  body: unknown;
}

/** The store, the cart and the attribution calls behind MSW; `store` null answers 404. */
function storeServer(store: PublicStore | null) {
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    seen.push({
      call: `${request.method} ${url.pathname.replace(/^\/api/, '')}${url.search}`,
      authorization: request.headers.get('Authorization'),
      body: text ? (JSON.parse(text) as unknown) : null,
    });
  };
  server.use(
    http.get('*/api/v2/storefront/stores/:name', async ({ request, params }) => {
      await record(request);
      return store && params.name === 'green-leaf' ? HttpResponse.json(store) : HttpResponse.json(NOT_FOUND, { status: 404 });
    }),
    http.post('*/api/v2/storefront/cart/protocols/:id', async ({ request }) => {
      await record(request);
      await delay(30);
      return HttpResponse.json({
        items: [],
        total_items: 2,
        total_price: '20.00',
        total_discount: '0.00',
        total_price_after_discount: '20.00',
        discount_rate: '0.00',
        currency: 'EUR',
      });
    }),
    http.post('*/api/v2/storefront/stores/:name/attribution', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'Attribution recorded.', recorded: 2 });
    }),
  );
  return seen;
}

const headings = (level: number) => screen.getAllByRole('heading', { level }).map((heading) => heading.textContent);
const section = (name: string) => screen.getByRole('region', { name });

describe('store page', () => {
  afterEach(() => {
    setTokens(null);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows every filled section in order to a signed-out visitor, with the store as the tab title', async () => {
    // Given a store with every section filled, on a Monday at 10:00 in London
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const seen = storeServer(publicStore());

    // When a signed-out visitor opens its page
    await renderPage('/en/store/green-leaf');

    // Then the header title is the h1 and each section has its h2, in reading order
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Leaf Clinic' })).toBeInTheDocument();
    expect(headings(2)).toEqual([
      'About Clara',
      'How I can help',
      'Packages',
      'Recommended protocols',
      'My approach',
      'Contact',
      'Opening hours',
      'A note from Clara Whitfield',
    ]);
    expect(document.title).toBe('Green Leaf Clinic');
    expect(document.querySelector('.store-page')).toHaveClass('store-page--fresh');

    // The header: kind of practice, description, banner, who runs it
    expect(screen.getByText('Clinic')).toBeInTheDocument();
    expect(screen.getByText('Food-first nutritional therapy.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Banner of Green Leaf Clinic' })).toHaveAttribute('src', '/media/stores/header.webp');
    expect(screen.getByText('Run by Clara Whitfield')).toBeInTheDocument();

    const about = section('About Clara');
    expect(within(about).getByText('Fifteen years of practice.')).toBeInTheDocument();
    expect(within(about).getByRole('img', { name: 'Picture for About Clara' })).toHaveAttribute('src', '/media/stores/about.webp');

    // Services in their order, each with its icon (an unknown icon logged and not drawn)
    const services = section('How I can help');
    expect(within(services).getByText('In the clinic or by video.')).toBeInTheDocument();
    const serviceItems = within(services).getAllByRole('listitem');
    expect(serviceItems.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'First consultation',
      'Follow-up',
      'Gut health',
    ]);
    expect(serviceItems.map((item) => item.querySelector('svg')?.getAttribute('data-icon') ?? null)).toEqual([
      'consultation',
      'calendar',
      null,
    ]);
    expect(warn).toHaveBeenCalledWith('Unknown icon type "no-such-icon": nothing drawn.');
    expect(within(serviceItems[0] as HTMLElement).getByText('Ninety minutes.')).toBeInTheDocument();

    // Packages in their order: picture, name, description, price as written, features
    const packages = section('Packages');
    expect(within(packages).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Starter',
      'Three months',
    ]);
    expect(within(packages).getByRole('img', { name: 'Starter' })).toHaveAttribute('src', '/media/stores/starter.webp');
    expect(within(packages).getByText('A first consultation and one follow-up.')).toBeInTheDocument();
    expect(within(packages).getByText('Price: £150 for two sessions')).toBeInTheDocument();
    expect(within(packages).getByText('Price: £390')).toBeInTheDocument();
    expect(
      within(within(packages).getByRole('list', { name: 'Included in Three months' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Three follow-ups', 'E-mail support']);

    const approach = section('My approach');
    expect(within(approach).getByText('One habit at a time.')).toBeInTheDocument();
    expect(within(approach).getAllByRole('img').map((image) => [image.getAttribute('alt'), image.getAttribute('src')])).toEqual([
      ['Picture 1 for My approach', '/media/stores/approach-1.webp'],
      ['Picture 2 for My approach', '/media/stores/approach-2.webp'],
    ]);
    expect(within(section('Contact')).getByText('Call 0113 496 0000.')).toBeInTheDocument();

    // Opening hours: every day, closed ones said so, the time zone, and open now in London
    const hours = section('Opening hours');
    expect(within(hours).getByText('Open now')).toBeInTheDocument();
    const days = [...hours.querySelectorAll('.store-hours__day')].map((day) => [
      day.querySelector('dt')?.textContent,
      day.querySelector('dd')?.textContent,
    ]);
    expect(days).toEqual([
      ['Monday', '9:00 AM – 12:00 PM, 1:00 PM – 5:30 PM'],
      ['Tuesday', 'Closed'],
      ['Wednesday', 'Closed'],
      ['Thursday', 'Closed'],
      ['Friday', '9:00 AM – 12:00 AM'],
      ['Saturday', 'Closed'],
      ['Sunday', 'Closed'],
    ]);
    expect(within(hours).getByText('Times are in the Europe/London time zone.')).toBeInTheDocument();
    expect(within(section('A note from Clara Whitfield')).getByText('New clients: the first call is free.')).toBeInTheDocument();

    // Only the store was asked for, without a bearer
    expect(seen).toEqual([{ call: 'GET /v2/storefront/stores/green-leaf', authorization: null, body: null }]);
  });

  it('says closed now outside the opening hours of the store time zone', async () => {
    // Given Monday 12:30 in London, the lunch break
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:30:00Z'));
    storeServer(publicStore());
    await renderPage('/en/store/green-leaf');
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    expect(within(hours).getByText('Closed now')).toBeInTheDocument();
    expect(within(hours).queryByText('Open now')).not.toBeInTheDocument();
  });

  it('leaves out every empty section and titles the page with the practitioner name', async () => {
    // Given a store whose practitioner filled nothing yet
    storeServer(emptyStore({ theme: 'bold' }));

    // When it is opened
    await renderPage('/en/store/green-leaf');

    // Then only the h1 is there: no section, no protocols, no hours
    expect(await screen.findByRole('heading', { level: 1, name: 'Clara Whitfield' })).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.queryAllByRole('region')).toEqual([]);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Run by Clara Whitfield')).not.toBeInTheDocument();
    expect(document.querySelector('.store-page')).toHaveClass('store-page--bold');
    expect(document.title).toBe('Clara Whitfield');
  });

  it('shows the services under a plain title when the services header is empty', async () => {
    storeServer(emptyStore({ services: publicStore().services, theme: 'unknown' as PublicStore['theme'] }));
    await renderPage('/en/store/green-leaf');
    expect(await screen.findByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    expect(headings(2)).toEqual(['Services']);
    // An unknown theme falls back to the classic colours.
    expect(document.querySelector('.store-page')).toHaveClass('store-page--classic');
  });

  it('shows HTML and script typed into the texts as the characters they are', async () => {
    // Given texts holding markup
    const markup = '<b>Bold</b><script>alert(1)</script><img src=x onerror=alert(2)>';
    storeServer(
      publicStore({
        header: { title: '<i>Clinic</i>', description: markup, image: null },
        message: markup,
        services: [{ id: 1, name: '<em>Care</em>', description: markup, icon: 'leaf', order: 1 }],
      }),
    );

    // When the page shows them
    await renderPage('/en/store/green-leaf');

    // Then they read literally and no element was made from them
    expect(await screen.findByRole('heading', { level: 1, name: '<i>Clinic</i>' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '<em>Care</em>' })).toBeInTheDocument();
    expect(screen.getAllByText(markup)).toHaveLength(3);
    expect(document.title).toBe('<i>Clinic</i>');
    const page = document.querySelector('.store-page') as HTMLElement;
    expect(page.querySelectorAll('b, i, em, script, img[src="x"]')).toHaveLength(0);
  });

  it('shows the shown protocols as cards linking to their link page, and asks a signed-out visitor to sign in', async () => {
    const seen = storeServer(
      publicStore({ protocols: [storeProtocol(), storeProtocol({ protocol_id: 8, id: 8, name: 'Calm gut', link_token: 'tok2', product_count: 1, total_price: '12.50', description: '' })] }),
    );
    await renderPage('/en/store/green-leaf');

    const protocols = await screen.findByRole('region', { name: 'Recommended protocols' });
    expect(within(protocols).getByText('Product plans Clara Whitfield puts together. Open one to see every product and dose.')).toBeInTheDocument();
    const cards = within(protocols).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Better sleep',
      'Calm gut',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Four weeks, then we review.')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('Products: 3')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('Total: 30,00 €')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Products: 1')).toBeInTheDocument();
    expect(within(protocols).getByRole('link', { name: 'View protocol: Better sleep' })).toHaveAttribute('href', '/en/protocols/tok');
    expect(within(protocols).getByRole('link', { name: 'View protocol: Calm gut' })).toHaveAttribute('href', '/en/protocols/tok2');

    // Signed out: one way to sign in and back, no cart button
    expect(within(protocols).getByRole('link', { name: 'Sign in to add a protocol to your cart' })).toHaveAttribute(
      'href',
      '/en/login?next=%2Fstore%2Fgreen-leaf',
    );
    expect(within(protocols).queryByRole('button')).not.toBeInTheDocument();
    expect(seen.map((call) => call.call)).toEqual(['GET /v2/storefront/stores/green-leaf']);
  });

  it('adds a whole protocol to the cart through its link and records the attribution of its variants, signed in', async () => {
    // Given a signed-in visitor on the store page
    setTokens(VISITOR);
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const seen = storeServer(publicStore());
    await renderPage('/en/store/green-leaf');

    // When they add the protocol (twice, quickly)
    await user.dblClick(await screen.findByRole('button', { name: 'Add all to cart: Better sleep' }));

    // Then the cart takes it once through its link, then the available variants count for this store
    await waitFor(() => expect(seen.filter((call) => call.call.includes('attribution'))).toHaveLength(1));
    expect(seen.filter((call) => call.call.startsWith('POST'))).toEqual([
      { call: 'POST /v2/storefront/cart/protocols/7?link_token=tok', authorization: 'Bearer visitor', body: null },
      {
        call: 'POST /v2/storefront/stores/green-leaf/attribution',
        authorization: 'Bearer visitor',
        body: { product_variant_ids: [1, 2] },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Better sleep was added to your cart.');
    expect(screen.queryByRole('link', { name: 'Sign in to add a protocol to your cart' })).not.toBeInTheDocument();
  });

  it('records no attribution when the cart refuses, and says so', async () => {
    setTokens(VISITOR);
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen = storeServer(publicStore());
    server.use(http.post('*/api/v2/storefront/cart/protocols/:id', () => HttpResponse.json({ message: 'Full' }, { status: 422 })));
    await renderPage('/en/store/green-leaf');

    await user.click(await screen.findByRole('button', { name: 'Add all to cart: Better sleep' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Better sleep could not be added to your cart. Please try again.'));
    expect(seen.filter((call) => call.call.includes('attribution'))).toEqual([]);
  });

  it('keeps the cart add when the attribution fails, and only logs that', async () => {
    setTokens(VISITOR);
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeServer(publicStore());
    server.use(
      http.post('*/api/v2/storefront/stores/:name/attribution', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    );
    await renderPage('/en/store/green-leaf');

    await user.click(await screen.findByRole('button', { name: 'Add all to cart: Better sleep' }));

    await waitFor(() => expect(log).toHaveBeenCalledWith('Recording the store attribution failed', expect.anything()));
    expect(success).toHaveBeenCalledWith('Better sleep was added to your cart.');
    expect(error).not.toHaveBeenCalled();
  });

  it('follows a save of the practitioner on another device (store.updated)', async () => {
    let store = publicStore();
    server.use(http.get('*/api/v2/storefront/stores/:name', () => HttpResponse.json(store)));
    await renderPage('/en/store/green-leaf');
    await screen.findByRole('heading', { level: 1, name: 'Green Leaf Clinic' });

    store = publicStore({ header: { title: 'Green Leaf', description: '', image: null }, about: null });
    act(() => topicRegistry.dispatch({ topic: 'store.updated', data: {}, seq: 4 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Green Leaf' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'About Clara' })).not.toBeInTheDocument();
    expect(document.title).toBe('Green Leaf');
  });

  it('keeps the add disabled for a protocol with nothing orderable', async () => {
    setTokens(VISITOR);
    storeServer(publicStore({ protocols: [storeProtocol({ products: storeProtocol().products.map((item) => ({ ...item, is_available: false })) })] }));
    await renderPage('/en/store/green-leaf');
    expect(await screen.findByRole('button', { name: 'Add all to cart: Better sleep' })).toBeDisabled();
  });

  it('shows a clear screen with a way to the products for an unknown store', async () => {
    storeServer(null);
    await renderPage('/en/store/no-such-store');
    expect(await screen.findByRole('heading', { level: 1, name: 'This store does not exist' })).toBeInTheDocument();
    expect(
      screen.getByText('There is no practitioner store at this address. Check the link you were given, or browse our products.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
  });

  it('offers a retry when the server fails, and shows the store after it', async () => {
    const user = userEvent.setup();
    let fail = true;
    storeServer(publicStore());
    server.use(
      http.get('*/api/v2/storefront/stores/:name', () => (fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : undefined)),
    );
    await renderPage('/en/store/green-leaf');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this store.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Leaf Clinic' })).toBeInTheDocument();
  });

  it('speaks the language of the URL', async () => {
    await act(() => testI18n.changeLanguage('de'));
    try {
      storeServer(publicStore());
      await renderPage('/de/store/green-leaf');
      expect(await screen.findByRole('heading', { level: 2, name: 'Öffnungszeiten' })).toBeInTheDocument();
      expect(screen.getByText('Montag')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Protokoll ansehen: Better sleep' })).toHaveAttribute('href', '/de/protocols/tok');
    } finally {
      await act(() => testI18n.changeLanguage('en'));
    }
  });
});
