import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { fakeEarningsApi } from '../testing/fake-earnings-api';
import { entry, ledgerPage } from '../testing/fixtures';
import { renderEarnings } from '../testing/render-page';

vi.mock('uplot', () => import('../testing/fake-uplot'));

configure({ asyncUtilTimeout: 5000 });

function earningsServer(...args: Parameters<typeof fakeEarningsApi>) {
  const api = fakeEarningsApi(...args);
  server.use(...api.handlers);
  return api;
}

const ledger = () => screen.getByRole('region', { name: 'Ledger' });

describe('earnings ledger', () => {
  beforeEach(() => setTokens({ accessToken: 'certified', refreshToken: 'refresh', userTypeId: 2 }));
  afterEach(() => setTokens(null));

  it('lists the entries with their kind, client, protocol, reason and signed amount; order numbers link nowhere', async () => {
    earningsServer({
      ledger: ledgerPage([
        entry(),
        entry({ id: 2, kind: 'reversed', amount: '-1.50', order_number: 'PS-2026-000042' }),
        entry({ id: 3, kind: 'adjustment', amount: '5.00', order_number: null, client: null, protocol: null, reason: 'Goodwill' }),
        entry({ id: 4, kind: 'paid_out', amount: '-120.00', currency: 'GBP', order_number: null, client: null, protocol: null }),
      ]),
    });
    await renderEarnings();

    const table = await within(await screen.findByRole('region', { name: 'Ledger' })).findByRole('table', { name: 'Ledger, page 1 of 1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent?.replace(/\u00a0/g, ' ')))).toEqual([
      ['Earned', 'Order PS-2026-000042Client: Chloe BennettProtocol: Better sleep', '4,50 €'],
      ['Reversed', 'Order PS-2026-000042Client: Chloe BennettProtocol: Better sleep', '-1,50 €'],
      ['Adjustment', 'Reason: Goodwill', '5,00 €'],
      ['Paid out', '', '-£120.00'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText(/Nov 20, 2026/)).toHaveAttribute('datetime', '2026-11-20T10:00:00Z');
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends the kind and the days it is filtered by, back on page 1, and shows a refused filter’s message', async () => {
    const api = earningsServer();
    api.state.ledger = (url) => {
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      if (from && to && from > to) {
        return HttpResponse.json(
          { message: "'from' must not be after 'to'.", code: 'validation_error', errors: { from: ['after to'] } },
          { status: 422 },
        );
      }
      return HttpResponse.json(ledgerPage([entry()], { total_pages: 3, total_results: 45 }));
    };
    const user = userEvent.setup();
    await renderEarnings();
    await within(await screen.findByRole('region', { name: 'Ledger' })).findByText('Page 1 of 3 · Entries: 45');
    await user.click(within(ledger()).getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(api.callsTo('/ledger').at(-1)?.path).toBe('/v2/account/practitioners/earnings/ledger?page=2&limit=20'));

    await user.selectOptions(within(ledger()).getByLabelText('Kind'), 'Reversed');
    fireEvent.change(within(ledger()).getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(api.callsTo('/ledger').at(-1)?.path).toBe(
        '/v2/account/practitioners/earnings/ledger?page=1&limit=20&kind=reversed&from=2026-11-01',
      ),
    );

    fireEvent.change(within(ledger()).getByLabelText('To'), { target: { value: '2026-10-01' } });
    const alert = await within(ledger()).findByRole('alert');
    expect(alert).toHaveTextContent("'from' must not be after 'to'.");
    expect(api.callsTo('/ledger').at(-1)?.path).toBe(
      '/v2/account/practitioners/earnings/ledger?page=1&limit=20&kind=reversed&from=2026-11-01&to=2026-10-01',
    );
    const from = within(ledger()).getByLabelText('From');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription("'from' must not be after 'to'.");
    expect(from).toHaveValue('2026-11-01');
    expect(within(ledger()).queryByRole('table')).not.toBeInTheDocument();

    // Fixing the day asks again; clearing the filters goes back to every entry.
    fireEvent.change(within(ledger()).getByLabelText('To'), { target: { value: '2026-11-30' } });
    await within(ledger()).findByRole('table');
    expect(within(ledger()).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(ledger()).getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(api.callsTo('/ledger').at(-1)?.path).toBe('/v2/account/practitioners/earnings/ledger?page=1&limit=20'));
    expect(within(ledger()).getByLabelText('Kind')).toHaveValue('');
  });

  it('pages through the ledger: newer and older, and where one is', async () => {
    const api = earningsServer();
    api.state.ledger = (url) => {
      const page = Number(url.searchParams.get('page'));
      return HttpResponse.json(
        ledgerPage([entry({ id: page, order_number: `PS-2026-00000${String(page)}` })], { current_page: page, total_pages: 2, total_results: 21 }),
      );
    };
    const user = userEvent.setup();
    await renderEarnings();

    const paging = await within(await screen.findByRole('region', { name: 'Ledger' })).findByRole('navigation', { name: 'Ledger pages' });
    expect(paging).toHaveTextContent('Page 1 of 2 · Entries: 21');
    expect(within(paging).getByRole('button', { name: 'Newer entries' })).toBeDisabled();
    await user.click(within(paging).getByRole('button', { name: 'Older entries' }));
    await within(ledger()).findByText('Order PS-2026-000002');
    expect(paging).toHaveTextContent('Page 2 of 2 · Entries: 21');
    expect(within(paging).getByRole('button', { name: 'Older entries' })).toBeDisabled();
    await user.click(within(paging).getByRole('button', { name: 'Newer entries' }));
    await within(ledger()).findByText('Order PS-2026-000001');
  });

  it('says when there is no entry yet, and when none matches the filters', async () => {
    earningsServer();
    const user = userEvent.setup();
    await renderEarnings();
    expect(await within(await screen.findByRole('region', { name: 'Ledger' })).findByText('No entries yet: every paid order of your clients adds one.')).toBeInTheDocument();
    await user.selectOptions(within(ledger()).getByLabelText('Kind'), 'Adjustment');
    expect(await within(ledger()).findByText('No entries match these filters.')).toBeInTheDocument();
  });
});
