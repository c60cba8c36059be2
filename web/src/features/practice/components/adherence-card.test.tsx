import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render-routes';
import type { ClientAdherence, ClientPage, ProtocolAdherence } from '../api/types';
import { AdherenceCard } from './adherence-card';

configure({ asyncUtilTimeout: 5000 });

const CLIENTS: ClientPage = {
  data: [
    {
      id: 4, first_name: 'Chloe', last_name: 'Bennett', email: 'client@demo.shop', discount_rate: '10.00',
      client_since: '2026-11-02T10:00:00Z', active: true, protocols_shared: 2,
    },
    {
      id: 5, first_name: 'Omar', last_name: 'Hill', email: 'omar@example.com', discount_rate: '0.00',
      client_since: '2026-11-03T10:00:00Z', active: true, protocols_shared: 1,
    },
    {
      id: 9, first_name: 'Nia', last_name: 'New', email: 'nia@example.com', discount_rate: '5.00',
      client_since: '2026-11-20T10:00:00Z', active: false, protocols_shared: 0,
    },
  ],
  current_page: 1, limit: 10, total_pages: 1, total_results: 3,
};

function protocol(overrides: Partial<ProtocolAdherence> = {}): ProtocolAdherence {
  return {
    protocol_id: 7,
    name: 'Better sleep',
    taken: 3,
    skipped: 1,
    missed: 1,
    share: 0.6,
    share_7_days: 0.75,
    days: [
      // Before the protocol was shared: no row.
      { date: '2026-12-07', slots: {} },
      { date: '2026-12-08', slots: { breakfast: 'taken', bedtime: 'missed' } },
      { date: '2026-12-09', slots: { breakfast: 'skipped', bedtime: 'taken' } },
      { date: '2026-12-10', slots: { breakfast: 'taken', bedtime: 'pending' } },
    ],
    ...overrides,
  };
}

/** Chloe has two of the practitioner's protocols, Omar none any more (404), Nia was given none (not asked). */
function adherenceServer(chloe: ClientAdherence) {
  let current = chloe;
  const asked: string[] = [];
  server.use(
    http.get('*/api/v2/account/practitioners/clients', () => HttpResponse.json(CLIENTS)),
    http.get('*/api/v2/account/practitioners/clients/:id/adherence', ({ params, request }) => {
      asked.push(`${String(params.id)}${new URL(request.url).search}`);
      if (params.id === '4') return HttpResponse.json(current);
      return HttpResponse.json({ message: 'Not found.', code: 'not_found', errors: {} }, { status: 404 });
    }),
  );
  return {
    asked,
    set(next: ClientAdherence) {
      current = next;
    },
  };
}

function renderCard() {
  return renderRoutes([{ path: '/:lang/*', element: <AdherenceCard /> }], {
    url: '/en/account/practitioner',
    languageFromUrl: true,
    namespaces: ['practice'],
  });
}

const cellNames = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe("the practice hub's adherence card", () => {
  beforeEach(() => setTokens({ accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 }));
  afterEach(() => setTokens(null));

  it('shows per protocol the share taken over 7 and 30 days, and the days as a heatmap said in words', async () => {
    const api = adherenceServer({
      client_id: 4,
      protocols: [
        protocol(),
        protocol({ protocol_id: 8, name: 'Gut health', taken: 0, skipped: 0, missed: 0, share: null, share_7_days: null, days: [] }),
      ],
    });
    await renderCard();

    const chloe = await screen.findByRole('region', { name: 'Chloe Bennett' });
    expect(
      screen.getByText('How your newest clients keep to your protocols: their check-ins over the last 30 days.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'What the marks mean' })).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      '✓ Taken',
      '– Skipped',
      '✗ Missed',
      '… Still open today',
    ]);
    const [sleep, gut] = within(chloe).getAllByRole('listitem');
    expect(within(sleep!).getByRole('heading', { level: 4 })).toHaveTextContent('Better sleep');
    expect(sleep).toHaveTextContent('Last 7 days75% taken');
    expect(sleep).toHaveTextContent('Last 30 days60% taken');
    expect(sleep).toHaveTextContent('Taken 3 · Skipped 1 · Missed 1');
    expect(gut).toHaveTextContent('Last 7 daysno check-ins yet');
    expect(gut).toHaveTextContent('Last 30 daysno check-ins yet');

    const heatmap = within(sleep!).getByRole('table', { name: 'Check-ins of Chloe Bennett for Better sleep, day by day' });
    const [head, ...days] = within(heatmap).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Breakfast', 'Bedtime']);
    expect(days.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Tue, Dec 8',
      'Wed, Dec 9',
      'Thu, Dec 10',
    ]);
    // Each cell's accessible name is its state; the mark beside it is hidden from assistive technology.
    expect(days.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['✓Taken', '✗Missed'],
      ['–Skipped', '✓Taken'],
      ['✓Taken', '…Still open today'],
    ]);
    expect(within(days[0]!).getByRole('cell', { name: 'Taken' })).toHaveClass('practice-heatmap__cell--taken');
    expect(within(days[0]!).getByRole('cell', { name: 'Missed' })).toHaveClass('practice-heatmap__cell--missed');
    expect(within(days[2]!).getByRole('cell', { name: 'Still open today' })).toBeInTheDocument();
    expect(cellNames(days[1]!)).toEqual(['–Skipped', '✓Taken']);

    // Omar has none of the practitioner's protocols (404): nothing at all; Nia, given none, is not asked.
    await waitFor(() => expect(api.asked).toEqual(['4?days=30', '5?days=30']));
    expect(screen.queryByText('Omar Hill')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Nia New')).not.toBeInTheDocument();
  });

  it("follows the client's check-ins live", async () => {
    const api = adherenceServer({ client_id: 4, protocols: [protocol()] });
    await renderCard();
    const chloe = await screen.findByRole('region', { name: 'Chloe Bennett' });
    expect(chloe).toHaveTextContent('Last 7 days75% taken');

    api.set({
      client_id: 4,
      protocols: [
        protocol({
          taken: 4,
          share: 0.8,
          share_7_days: 0.8,
          days: [...protocol().days.slice(0, 3), { date: '2026-12-10', slots: { breakfast: 'taken', bedtime: 'taken' } }],
        }),
      ],
    });
    act(() =>
      topicRegistry.dispatch({ topic: 'adherence.updated', data: { client_id: 4, protocol_id: 7, date: '2026-12-10' }, seq: 1 }),
    );
    await waitFor(() => expect(chloe).toHaveTextContent('Last 7 days80% taken'));
    const rows = within(within(chloe).getByRole('table')).getAllByRole('row');
    expect(cellNames(rows[3]!)).toEqual(['✓Taken', '✓Taken']);
  });

  it('says so when no client has one of the protocols yet', async () => {
    server.use(
      http.get('*/api/v2/account/practitioners/clients', () =>
        HttpResponse.json({ ...CLIENTS, data: CLIENTS.data.filter((client) => client.protocols_shared === 0) }),
      ),
    );
    await renderCard();
    expect(await screen.findByText('None of your newest clients has one of your protocols yet.')).toBeInTheDocument();
  });
});
