import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { subscribeToasts, type Toast } from '../../../lib/toast/toast-store';
import { server } from '../../../testing/msw-server';
import { fakeEarningsApi } from '../testing/fake-earnings-api';
import { currency, earnings } from '../testing/fixtures';
import { renderEarnings } from '../testing/render-page';

vi.mock('uplot', () => import('../testing/fake-uplot'));

configure({ asyncUtilTimeout: 5000 });

describe('earnings statements', () => {
  let saved: { href: string; download: string }[] = [];
  let toasts: readonly Toast[] = [];
  let stopToasts = () => {};
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:statement');

  beforeEach(() => {
    setTokens({ accessToken: 'certified', refreshToken: 'refresh', userTypeId: 2 });
    saved = [];
    stopToasts = subscribeToasts((next) => (toasts = next));
    // jsdom has no object URLs and does not download: record what the page hands to the browser.
    createObjectURL.mockClear();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    setTokens(null);
    stopToasts();
  });

  it('downloads the chosen month in the chosen currency as CSV or PDF, with the bearer', async () => {
    const api = fakeEarningsApi({ earnings: earnings({ currencies: [currency(), currency({ currency: 'GBP' })] }) });
    server.use(...api.handlers);
    const user = userEvent.setup();
    await renderEarnings();

    const statements = await screen.findByRole('region', { name: 'Statements' });
    const month = within(statements).getByLabelText('Month');
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toHaveLength(12);
    expect(within(month).getAllByRole('option')[0]).toHaveTextContent('November 2026');
    expect(month).toHaveValue('2026-10');

    await user.click(within(statements).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:statement', download: 'statement-2026-10-EUR.csv' }]));

    await user.selectOptions(month, 'March 2026');
    await user.selectOptions(within(statements).getByLabelText('Currency'), 'GBP');
    await user.click(within(statements).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ href: 'blob:statement', download: 'statement-2026-03-GBP.pdf' });

    expect(api.callsTo('/statements/').map((call) => [call.path, call.authorization])).toEqual([
      ['/v2/account/practitioners/earnings/statements/2026-10.csv?currency=EUR', 'Bearer certified'],
      ['/v2/account/practitioners/earnings/statements/2026-03.pdf?currency=GBP', 'Bearer certified'],
    ]);
    const blob = createObjectURL.mock.calls[1]?.[0] as Blob;
    expect(await blob.text()).toBe('Statement 2026-03.pdf GBP');
  });

  it('says so when a statement cannot be had', async () => {
    const api = fakeEarningsApi();
    server.use(...api.handlers);
    server.use(
      http.get('*/api/v2/account/practitioners/earnings/statements/:file', () =>
        HttpResponse.json({ message: 'There is no such statement.', code: 'not_found', errors: {} }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    await renderEarnings();

    const statements = await screen.findByRole('region', { name: 'Statements' });
    expect(within(statements).queryByLabelText('Currency')).not.toBeInTheDocument();
    await user.click(within(statements).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(toasts.map((toast) => [toast.kind, toast.message])).toContainEqual(['error', 'There is no such statement.']));
    expect(saved).toEqual([]);
  });
});
