import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { fakeEarningsApi } from '../testing/fake-earnings-api';
import { liveChart } from '../testing/fake-uplot';
import { currency, earnings, entry, ledgerPage, months } from '../testing/fixtures';
import { renderEarnings } from '../testing/render-page';

vi.mock('uplot', () => import('../testing/fake-uplot'));

configure({ asyncUtilTimeout: 5000 });

const CERTIFIED = { accessToken: 'certified', refreshToken: 'refresh', userTypeId: 2 };

function earningsServer(...args: Parameters<typeof fakeEarningsApi>) {
  const api = fakeEarningsApi(...args);
  server.use(...api.handlers);
  return api;
}

const region = (name: string) => screen.getByRole('region', { name });
/** Text with the no-break spaces of money formats as plain spaces. */
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\u00a0/g, ' ');

describe('earnings page', () => {
  beforeEach(() => setTokens(CERTIFIED));
  afterEach(() => setTokens(null));

  it('tells a practitioner without a validated certificate when commission starts, with the rate and no figures', async () => {
    const api = earningsServer({ earnings: earnings({ earns: false, commission_rate: '12.50', currencies: [] }) });
    setTokens({ ...CERTIFIED, userTypeId: 3 });
    await renderEarnings();

    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeInTheDocument();
    const notice = await screen.findByRole('region', { name: 'Your commission has not started yet' });
    expect(notice).toHaveTextContent('once your practitioner certificate is validated');
    expect(notice).toHaveTextContent('Your commission rate: 12.5 %.');
    expect(within(notice).getByRole('link', { name: 'Upload your certificate' })).toHaveAttribute('href', '/en/onboarding');
    expect(screen.queryByText('Balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ledger' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Statements' })).not.toBeInTheDocument();
    // Their payout details can be kept already (the store editor sends them here).
    expect(await screen.findByRole('region', { name: 'Payout details' })).toBeInTheDocument();
    expect(api.callsTo('/ledger')).toEqual([]);
  });

  it('shows the figures and the next payout per currency, EUR first, in each region’s format', async () => {
    earningsServer({
      earnings: earnings({
        currencies: [
          currency({
            currency: 'GBP',
            balance: '30.00',
            this_month: '12.00',
            last_month: '0.00',
            next_payout: { on: '2026-12-01', amount: '0.00', minimum: '50.00', payout_method: 'not_set' },
            by_client: [],
            by_protocol: [],
          }),
          currency(),
        ],
      }),
    });
    await renderEarnings();

    const sections = await screen.findAllByRole('heading', { level: 2, name: /^Earnings in / });
    expect(sections.map((heading) => heading.textContent)).toEqual(['Earnings in EUR', 'Earnings in GBP']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Your commission: 20 % of each paid order line (without VAT), less your client\'s discount.')).toBeInTheDocument();

    const eur = region('Earnings in EUR');
    const figure = (name: string, within_: HTMLElement) =>
      text([...within_.querySelectorAll('.earnings-figure')].find((item) => item.querySelector('dt')?.textContent === name)?.querySelector('dd'));
    expect(figure('Balance', eur)).toBe('1.234,50 €');
    expect(figure('This month', eur)).toBe('84,20 €');
    expect(figure('Last month', eur)).toBe('61,00 €');
    expect(figure('Next payout', eur)).toBe('1.234,50 €on December 1, 2026');
    expect(eur).toHaveTextContent('Payouts are made from a balance of 50,00 €.');
    expect(eur).toHaveTextContent('Payout method: bank transfer');
    expect(eur).not.toHaveTextContent('carries over');

    const gbp = region('Earnings in GBP');
    expect(figure('Balance', gbp)).toBe('£30.00');
    expect(gbp).toHaveTextContent('Your balance is below the minimum of £50.00: it carries over to the next month.');
    expect(gbp).toHaveTextContent('Your store has no payout method yet, so nothing can be paid out.');
    expect(within(gbp).getByRole('link', { name: 'Choose a payout method' })).toHaveAttribute('href', '/en/account/practitioner/store');
    expect(within(gbp).getByText('No client has earned you commission yet.')).toBeInTheDocument();

    const clients = within(within(eur).getByRole('region', { name: 'By client' })).getAllByRole('listitem');
    expect(clients.map(text)).toEqual(['Chloe Bennett310,00 €', 'Nia New155,00 €']);
    const protocols = within(within(eur).getByRole('region', { name: 'By protocol' })).getAllByRole('listitem');
    expect(protocols.map(text)).toEqual(['Better sleep250,00 €', 'A deleted protocol40,00 €']);
  });

  it('draws the 12 months and gives the same figures as a table, which can be shown', async () => {
    earningsServer();
    const user = userEvent.setup();
    await renderEarnings();

    const eur = await screen.findByRole('region', { name: 'Earnings in EUR' });
    const figure = within(eur).getByRole('figure', { name: 'Per month in EUR, the last 12 months' });
    expect(within(figure).getByRole('img', { name: /^Chart of the last 12 months in EUR/ })).toBeInTheDocument();
    const chart = liveChart();
    expect(chart?.data[1]).toHaveLength(12);
    expect(chart?.data[1]?.slice(-2)).toEqual([70, 90.2]);
    expect(chart?.data[2]?.slice(-2)).toEqual([-9, -6]);
    expect(chart?.data[3]?.slice(-2)).toEqual([120, 0]);
    expect(chart?.opts.series.map((series) => series.label)).toEqual(['Month', 'Earned', 'Reversed', 'Paid out']);

    const table = within(figure).getByRole('table', { name: 'Earnings per month in EUR' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(text(rows[0])).toBe('MonthEarnedReversedPaid out');
    expect(text(rows[1])).toBe('December 20250,00 €0,00 €0,00 €');
    expect(text(rows[11])).toBe('October 202670,00 €-9,00 €120,00 €');
    expect(text(rows[12])).toBe('November 202690,20 €-6,00 €0,00 €');

    const toggle = within(figure).getByRole('button', { name: 'Show the figures as a table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(table.parentElement).toHaveClass('visually-hidden');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(table.parentElement).not.toHaveClass('visually-hidden');
  });

  it('refetches the figures and the ledger on earnings.updated, without a reload', async () => {
    const api = earningsServer({ ledger: ledgerPage([entry()]) });
    await renderEarnings();
    const eur = await screen.findByRole('region', { name: 'Earnings in EUR' });
    const ledger = region('Ledger');
    await within(ledger).findByText('Order PS-2026-000042');

    // A client pays on their phone: the server's ledger has a new entry and a bigger month.
    api.state.earnings = earnings({
      currencies: [currency({ this_month: '96.70', months: months({ '2026-11': { earned: '102.70', reversed: '-6.00' } }) })],
    });
    api.state.ledger = () => Response.json(ledgerPage([entry({ id: 2, order_number: 'PS-2026-000077', amount: '12.50' }), entry()]));
    const chart = liveChart();
    act(() => topicRegistry.dispatch({ topic: 'earnings.updated', data: { currency: 'EUR' } }));

    await within(ledger).findByText('Order PS-2026-000077');
    await waitFor(() => expect(eur).toHaveTextContent('96,70 €'));
    expect(liveChart()).toBe(chart);
    expect(chart?.data[1]?.at(-1)).toBe(102.7);
    expect(within(eur).getByRole('table', { name: 'Earnings per month in EUR' })).toHaveTextContent('November 2026102,70 €');
  });

  it('asks a signed-out visitor to sign in, and sends clients and admins to their account', async () => {
    setTokens(null);
    const signedOut = await renderEarnings('/de/account/practitioner/earnings');
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      '/de/login?next=%2Faccount%2Fpractitioner%2Fearnings',
    );
    signedOut.unmount();

    for (const userTypeId of [1, 4]) {
      setTokens({ ...CERTIFIED, userTypeId });
      const view = await renderEarnings();
      expect(await screen.findByText('This area is for practitioners.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/en/account');
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('is routed at /{lang}/account/practitioner/earnings', async () => {
    setTokens(null);
    await renderApp('/fr/account/practitioner/earnings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenus' })).toBeInTheDocument();
  });
});
