import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render-routes';
import type { ClientSubscription } from '../api/types';
import { RefillsCard } from './refills-card';

configure({ asyncUtilTimeout: 5000 });

function refill(id: number, overrides: Partial<ClientSubscription> = {}): ClientSubscription {
  return {
    id,
    state: 'active',
    reason: '',
    client: { id: 100 + id, first_name: 'Chloe', last_name: 'Bennett' },
    protocol_id: 7,
    protocol_name: 'Sleep support',
    interval_days: 30,
    next_parcel_on: '2026-12-19',
    lines: [{ product_variant_id: 11, name: 'Vitamin D3 Drops', quantity: 2, sold_out: false, substitute_name: null }],
    waiting_substitute: false,
    last_parcel: { date: '2026-11-19', state: 'paid', order_number: 'PS-2026-000042' },
    ...overrides,
  };
}

const ACTIVE = refill(1);
const PAUSED = refill(2, {
  state: 'paused',
  client: { id: 102, first_name: 'Paul', last_name: 'Pause' },
  interval_days: 45,
  last_parcel: null,
});
const PENDING = refill(3, {
  state: 'pending_mandate',
  client: { id: 103, first_name: 'Nia', last_name: 'New' },
  next_parcel_on: null,
  last_parcel: { date: '2026-11-25', state: 'placed', order_number: 'PS-2026-000050' },
});
const PAST_DUE = refill(4, {
  state: 'past_due',
  reason: 'charge_failed',
  client: { id: 104, first_name: 'Omar', last_name: 'Owes' },
  next_parcel_on: '2026-12-01',
  last_parcel: { date: '2026-12-01', state: 'failed', order_number: 'PS-2026-000061' },
});
const REVOKED = refill(5, { state: 'past_due', reason: 'mandate_revoked', client: { id: 105, first_name: 'Rita', last_name: 'Revoked' } });
const NOT_SHIPPED = refill(6, { state: 'past_due', reason: 'not_shipped', client: { id: 106, first_name: 'Sam', last_name: 'Stuck' } });
const WAITING = refill(8, {
  client: { id: 108, first_name: 'Wendy', last_name: 'Waits' },
  protocol_id: 9,
  protocol_name: 'Gut reset',
  next_parcel_on: '2026-12-05',
  lines: [
    { product_variant_id: 21, name: 'Magnesium Glycinate', quantity: 1, sold_out: true, substitute_name: null },
    { product_variant_id: 22, name: 'Zinc Picolinate', quantity: 1, sold_out: true, substitute_name: 'Zinc Bisglycinate' },
    { product_variant_id: 23, name: 'Probiotic 50B', quantity: 3, sold_out: false, substitute_name: null },
  ],
  waiting_substitute: true,
});

/** The practitioner's refills call, answering `reply` (changed by a test between events) and counting its reads. */
function refillsServer(reply: ClientSubscription[]) {
  const api = { reply, reads: 0 };
  server.use(
    http.get('*/api/v2/account/practitioners/subscriptions', () => {
      api.reads += 1;
      return HttpResponse.json(api.reply);
    }),
  );
  return api;
}

async function renderCard(language = 'en') {
  return renderRoutes([{ path: '/:lang/*', element: <RefillsCard /> }], {
    url: `/${language}/account/practitioner`,
    languageFromUrl: true,
    namespaces: 'practice',
  });
}

const card = () => screen.getByRole('region', { name: "Clients' automatic refills" });
/** The refills of one section (not the product lines listed inside each). */
function items(name: string): HTMLElement[] {
  const list = within(card()).getByRole('list', { name });
  return within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
}

describe("clients' automatic refills", () => {
  beforeEach(() => setTokens({ accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 }));
  afterEach(() => setTokens(null));

  it('puts the past-due refills and those waiting for a substitute first, counted, with each state in words', async () => {
    refillsServer([ACTIVE, PAUSED, PENDING, PAST_DUE, WAITING, REVOKED, NOT_SHIPPED]);
    await renderCard();

    expect(await within(card()).findByText('Automatic refills: 7')).toBeInTheDocument();
    expect(within(within(card()).getByRole('list', { name: 'Refills to look at' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Past due: 3',
      'Waiting for a substitute: 1',
    ]);
    expect(within(card()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Needs your attention',
      'Other refills',
    ]);

    // Past due first (in the reply's order), then those waiting for a substitute.
    const attention = items('Needs your attention');
    expect(attention.map((item) => item.querySelector('.practice-list__name')?.textContent)).toEqual([
      'Omar Owes · Sleep support',
      'Rita Revoked · Sleep support',
      'Sam Stuck · Sleep support',
      'Wendy Waits · Gut reset',
    ]);
    expect(attention[0]).toHaveTextContent('Past due: a charge failed');
    expect(attention[0]).toHaveTextContent('Next parcel: December 1, 2026 · every 30 days');
    expect(attention[0]).toHaveTextContent('2 × Vitamin D3 Drops');
    expect(attention[0]).toHaveTextContent('Last parcel: December 1, 2026 · Charge failed · order PS-2026-000061');
    expect(attention[1]).toHaveTextContent('Past due: the payment mandate was revoked');
    expect(attention[2]).toHaveTextContent('Past due: it no longer ships to the address or with the shipping method');

    const others = items('Other refills');
    expect(others.map((item) => item.querySelector('.practice-list__name')?.textContent)).toEqual([
      'Chloe Bennett · Sleep support',
      'Paul Pause · Sleep support',
      'Nia New · Sleep support',
    ]);
    expect(others[0]).toHaveTextContent('Active');
    expect(others[0]).toHaveTextContent('Next parcel: December 19, 2026 · every 30 days');
    expect(others[0]).toHaveTextContent('Last parcel: November 19, 2026 · Paid · order PS-2026-000042');
    expect(others[1]).toHaveTextContent('Paused');
    expect(others[1]).toHaveTextContent('No parcel while paused · every 45 days');
    expect(others[1]).toHaveTextContent('No parcel yet');
    expect(others[2]).toHaveTextContent('Waiting for the first payment');
    expect(others[2]).toHaveTextContent('No parcel planned');
    expect(others[2]).toHaveTextContent('Last parcel: November 25, 2026 · Placed, not charged yet · order PS-2026-000050');
    // No sold-out mark and no way to the builder where nothing is sold out.
    expect(within(card()).getAllByText('Sold out')).toHaveLength(2);
    expect(within(card()).getAllByRole('link')).toHaveLength(1);
  });

  it('marks sold-out lines with their substitute, and leads to the protocol when one has none', async () => {
    refillsServer([WAITING]);
    await renderCard();

    await within(card()).findByRole('heading', { name: 'Needs your attention' });
    const [entry] = items('Needs your attention');
    if (!entry) throw new Error('no refill listed');
    const lines = within(within(entry).getByRole('list', { name: "Products in Wendy Waits's refill" })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '1 × Magnesium Glycinate Sold out needs a substitute',
      '1 × Zinc Picolinate Sold out substitute: Zinc Bisglycinate',
      '3 × Probiotic 50B',
    ]);
    expect(entry).toHaveTextContent("A sold-out product has no substitute, so this client's parcels leave it out.");
    expect(within(entry).getByRole('link', { name: 'Choose a substitute in “Gut reset”' })).toHaveAttribute(
      'href',
      '/en/account/practitioner/protocols/9',
    );
    expect(within(card()).getByRole('list', { name: 'Refills to look at' })).toHaveTextContent('Past due: 0');
  });

  it('says when a deleted protocol leaves no way to choose a substitute', async () => {
    refillsServer([{ ...WAITING, protocol_id: null, protocol_name: '' }]);
    await renderCard();

    const region = card();
    expect(await within(region).findByText('Wendy Waits · protocol deleted')).toBeInTheDocument();
    expect(region).toHaveTextContent('Its protocol was deleted, so no substitute can be chosen.');
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when no client has a refill, and when the list cannot load', async () => {
    refillsServer([]);
    const view = await renderCard();
    expect(
      await within(card()).findByText(
        'None of your clients has an automatic refill yet. Clients set one up from a protocol you shared or from an order of it.',
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('list')).not.toBeInTheDocument();
    view.unmount();

    server.use(http.get('*/api/v2/account/practitioners/subscriptions', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })));
    await renderCard();
    expect(await within(card()).findByRole('alert')).toHaveTextContent("Your clients' automatic refills could not be loaded.");
  });

  it('follows subscription.updated, and stock.updated naming a product of a refill, without reloading', async () => {
    const api = refillsServer([ACTIVE]);
    await renderCard();
    expect(await within(card()).findByText('Active')).toBeInTheDocument();
    expect(within(card()).queryByRole('heading', { name: 'Needs your attention' })).not.toBeInTheDocument();
    expect(within(card()).getByRole('heading', { level: 3 })).toHaveTextContent('All refills');

    // A charge failed on the parcel's day: the refill moves to the top, past due.
    api.reply = [{ ...ACTIVE, state: 'past_due', reason: 'charge_failed' }];
    act(() => topicRegistry.dispatch({ topic: 'subscription.updated', data: { subscription_id: 1, state: 'past_due' }, seq: 1 }));
    expect(await within(card()).findByText('Past due: a charge failed')).toBeInTheDocument();
    expect(within(card()).getByRole('heading', { name: 'Needs your attention' })).toBeInTheDocument();

    // Stock of a product no refill carries changes nothing here.
    const reads = api.reads;
    act(() => topicRegistry.dispatch({ topic: 'stock.updated', data: { product_ids: [99], product_variant_ids: [990] } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.reads).toBe(reads);

    // The refill's product sells out: its mark shows at once.
    api.reply = [
      {
        ...api.reply[0]!,
        lines: [{ ...ACTIVE.lines[0]!, sold_out: true }],
        waiting_substitute: true,
      },
    ];
    act(() => topicRegistry.dispatch({ topic: 'stock.updated', data: { product_ids: [1], product_variant_ids: [11] } }));
    expect(await within(card()).findByText('Sold out')).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Choose a substitute in “Sleep support”' })).toBeInTheDocument();

    // A substitute chosen in the builder (another device): the warning goes.
    api.reply = [{ ...api.reply[0]!, lines: [{ ...api.reply[0]!.lines[0]!, substitute_name: 'Vitamin D3 Capsules' }], waiting_substitute: false }];
    act(() => topicRegistry.dispatch({ topic: 'protocol.updated', data: { protocol_id: 7 }, seq: 2 }));
    await waitFor(() => expect(within(card()).queryByRole('link')).not.toBeInTheDocument());
    expect(card()).toHaveTextContent('substitute: Vitamin D3 Capsules');
  });

  it('reads in the language of the page', async () => {
    refillsServer([PAST_DUE, WAITING]);
    await renderCard('de');
    const region = await screen.findByRole('region', { name: 'Automatische Nachlieferungen Ihrer Klienten' });
    expect(await within(region).findByText('Überfällig: eine Abbuchung ist fehlgeschlagen')).toBeInTheDocument();
    expect(region).toHaveTextContent('Nächstes Paket: 1. Dezember 2026 · alle 30 Tage');
    expect(within(region).getByRole('link', { name: 'Ersatz in „Gut reset“ wählen' })).toHaveAttribute(
      'href',
      '/de/account/practitioner/protocols/9',
    );
  });
});
