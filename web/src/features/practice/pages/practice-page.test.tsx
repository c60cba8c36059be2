import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render-routes';
import type { ClientOrderPage, ClientPage, ClientSubscription, ProtocolPage } from '../api/types';
import { PracticePage } from './practice-page';
import { PractitionersInformationPage } from './practitioners-information-page';

configure({ asyncUtilTimeout: 5000 });

const CLIENTS: ClientPage = {
  data: [
    {
      id: 9, first_name: 'Nia', last_name: 'New', email: 'nia@example.com', discount_rate: '5.00',
      client_since: '2026-11-20T10:00:00Z', active: false, protocols_shared: 0,
    },
    {
      id: 4, first_name: 'Chloe', last_name: 'Bennett', email: 'client@demo.shop', discount_rate: '10.00',
      client_since: '2026-11-02T10:00:00Z', active: true, protocols_shared: 2,
    },
  ],
  current_page: 1, limit: 10, total_pages: 1, total_results: 2,
};

const CLIENT_ORDERS: ClientOrderPage = {
  data: [
    {
      number: 'PS-2026-000042', state: 'paid', created_at: '2026-11-20T10:00:00Z', buyer_name: 'Chloe Bennett',
      currency: 'EUR', total: '27.45',
      lines: [
        { product_variant_id: 11, product_id: 1, sku: 'D3-60', name: 'Vitamin D3 Drops', quantity: 2, unit_price: '12.50',
          discount: '2.50', vat_rate: '21.00', vat: '3.90', total: '22.50', source: 'protocol', source_protocol_id: 7 },
      ],
    },
  ],
  current_page: 1, limit: 5, offset: 0, total_pages: 1, total_results: 1,
};

const CLIENT_REFILLS: ClientSubscription[] = [
  {
    id: 1, state: 'past_due', reason: 'charge_failed', client: { id: 4, first_name: 'Chloe', last_name: 'Bennett' },
    protocol_id: 30, protocol_name: 'Sleep', interval_days: 30, next_parcel_on: '2026-12-19',
    lines: [{ product_variant_id: 11, name: 'Vitamin D3 Drops', quantity: 2, sold_out: false, substitute_name: null }],
    waiting_substitute: false, last_parcel: { date: '2026-11-19', state: 'failed', order_number: 'PS-2026-000042' },
  },
];

function protocols(names: string[]): ProtocolPage {
  return {
    data: names.map((name, index) => ({
      id: 30 + index, protocol_id: 30 + index, name, description: '', total_price: '31.90', currency: 'EUR', product_count: 2,
      products: [], created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
    })),
    current_page: 1, limit: 5, offset: 0, total_pages: 1, total_results: names.length,
  };
}

function renderAt(url: string, element: React.ReactNode) {
  return renderRoutes([{ path: '/:lang/*', element }], { url, languageFromUrl: true });
}

const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => setTokens(null));

describe('practice hub', () => {
  it('shows the clients, the newest protocols and the store page of the practitioner', async () => {
    let names = ['Sleep', 'Gut'];
    server.use(
      http.get('*/api/v2/account/practitioners/clients', () => HttpResponse.json(CLIENTS)),
      http.get('*/api/v2/account/practitioners/protocols', () => HttpResponse.json(protocols(names))),
      http.get('*/api/v2/account/store', () =>
        HttpResponse.json({ shop_name: 'okafor-nutrition', shop_path: '/store/okafor-nutrition', services: [{}], packages: [] }),
      ),
      http.get('*/api/v2/account/practitioners/orders', () => HttpResponse.json(CLIENT_ORDERS)),
      http.get('*/api/v2/account/practitioners/subscriptions', () => HttpResponse.json(CLIENT_REFILLS)),
      // Chloe has none of this practitioner's protocols left: her adherence is not shown (adherence-card.test.tsx).
      http.get('*/api/v2/account/practitioners/clients/:id/adherence', () =>
        HttpResponse.json({ message: 'Not found.', code: 'not_found', errors: {} }, { status: 404 }),
      ),
    );
    setTokens({ accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 });
    await renderAt('/en/account/practitioner', <PracticePage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your practice' })).toBeInTheDocument();
    expect(await within(card('Clients')).findByText('Clients: 2')).toBeInTheDocument();
    const clients = within(within(card('Clients')).getByRole('list', { name: 'Clients' })).getAllByRole('listitem');
    expect(clients.map((item) => item.textContent)).toEqual([
      'Nia Newnia@example.comDiscount: 5 % · Protocols shared: 0 · invited, not active yet',
      'Chloe Bennettclient@demo.shopDiscount: 10 % · Protocols shared: 2',
    ]);

    const recent = await within(card('Protocols')).findByRole('list', { name: 'Newest protocols' });
    expect(within(recent).getByRole('link', { name: 'Sleep' })).toHaveAttribute('href', '/en/account/practitioner/protocols/30');
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('Products: 2 · 31,90 €');

    const store = card('Store page');
    expect(await within(store).findByRole('link', { name: 'okafor-nutrition' })).toHaveAttribute('href', '/en/store/okafor-nutrition');
    expect(store).toHaveTextContent('Services: 1 · Packages: 0');
    expect(within(store).getByRole('link', { name: 'Edit your store page' })).toHaveAttribute('href', '/en/account/practitioner/store');

    const orders = within(await within(card('Client orders')).findByRole('list', { name: 'Client orders' }));
    const entry = orders.getAllByRole('listitem')[0];
    expect(entry).toHaveTextContent('Chloe Bennett · Nov 20, 2026');
    expect(entry).toHaveTextContent('27,45 € · Paid');
    expect(entry).toHaveTextContent('2 × Vitamin D3 Drops · from your protocol');
    expect(card('Client orders')).not.toHaveTextContent('Keizersgracht');

    const refills = within(await within(card("Clients' automatic refills")).findByRole('list', { name: 'Needs your attention' }));
    expect(refills.getAllByRole('listitem')[0]).toHaveTextContent('Chloe Bennett · Sleep');
    expect(refills.getAllByRole('listitem')[0]).toHaveTextContent('Past due: a charge failed');

    // A protocol created on another device shows without reloading
    names = ['Energy', 'Sleep', 'Gut'];
    act(() => topicRegistry.dispatch({ topic: 'protocol.created', data: { protocol_id: 33 } }));
    await waitFor(() => expect(card('Protocols')).toHaveTextContent('Protocols: 3'));
  });

  it('offers to create the store page when there is none, and says when a list cannot load', async () => {
    server.use(
      http.get('*/api/v2/account/practitioners/clients', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })),
      http.get('*/api/v2/account/practitioners/protocols', () => HttpResponse.json(protocols([]))),
      http.get('*/api/v2/account/store', () => HttpResponse.json({ message: 'No store yet.' }, { status: 404 })),
      http.get('*/api/v2/account/practitioners/orders', () => HttpResponse.json({ ...CLIENT_ORDERS, data: [], total_results: 0 })),
      http.get('*/api/v2/account/practitioners/subscriptions', () => HttpResponse.json([])),
    );
    setTokens({ accessToken: 'certified', refreshToken: 'refresh', userTypeId: 2 });
    await renderAt('/en/account/practitioner', <PracticePage />);

    expect(await within(card('Store page')).findByRole('link', { name: 'Create your store page' })).toHaveAttribute(
      'href',
      '/en/account/practitioner/store',
    );
    expect(await within(card('Clients')).findByRole('alert')).toHaveTextContent('Your clients could not be loaded.');
    expect(await within(card('Protocols')).findByText('No protocols yet.')).toBeInTheDocument();
    expect(await within(card('Client orders')).findByText('No client has ordered yet.')).toBeInTheDocument();
    expect(
      await within(card("Clients' automatic refills")).findByText(
        'None of your clients has an automatic refill yet. Clients set one up from a protocol you shared or from an order of it.',
      ),
    ).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, and sends clients and admins to their account', async () => {
    const signedOut = await renderAt('/de/account/practitioner', <PracticePage />);
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      '/de/login?next=%2Faccount%2Fpractitioner',
    );
    signedOut.unmount();

    for (const userTypeId of [1, 4]) {
      setTokens({ accessToken: `type-${String(userTypeId)}`, refreshToken: 'refresh', userTypeId });
      const view = await renderAt('/en/account/practitioner', <PracticePage />);
      expect(await screen.findByText('This area is for practitioners.')).toBeInTheDocument();
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
      view.unmount();
    }
  });
});

describe('practitioners information', () => {
  it('says what practitioners get, with the round icons, and leads to registering or signing in', async () => {
    await renderAt('/fr/practitioners-information', <PractitionersInformationPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Pour les praticiens' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Des protocoles toujours à jour',
      'Partagez avec vos clients',
      'Votre propre page boutique',
      'Gagnez sur chaque commande',
    ]);
    expect([...document.querySelectorAll('svg[data-icon]')].map((svg) => svg.getAttribute('data-icon'))).toEqual([
      'protocol',
      'clients',
      'store',
      'commissionData',
    ]);
    expect(screen.getByRole('link', { name: 'S’inscrire comme praticien' })).toHaveAttribute('href', '/fr/onboarding/register-as');
    expect(screen.getByRole('link', { name: 'Déjà inscrit ? Se connecter' })).toHaveAttribute('href', '/fr/login');
  });
});
