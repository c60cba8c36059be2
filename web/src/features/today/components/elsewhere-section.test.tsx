import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { fakeDayApi } from '../testing/fake-day-api';
import { CLIENT, day } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

configure({ asyncUtilTimeout: 5000 });

/** The fake API, answering through MSW. */
function serve(...args: Parameters<typeof fakeDayApi>) {
  const api = fakeDayApi(...args);
  server.use(...api.handlers);
  return api;
}

async function elsewhere() {
  return screen.findByRole('region', { name: 'Your schedule elsewhere' });
}

describe("the Today page's schedule elsewhere", () => {
  let saved: { href: string; download: string }[] = [];
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:file');

  beforeEach(() => {
    setTokens(CLIENT);
    saved = [];
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
    vi.restoreAllMocks();
  });

  it('downloads this week and the next as PDF with the bearer', async () => {
    const api = serve([day()]);
    const user = userEvent.setup();
    await renderPage();
    const section = await elsewhere();

    await user.click(within(section).getByRole('button', { name: 'This week (PDF)' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:file', download: 'schedule-2026-12-07.pdf' }]));
    await user.click(within(section).getByRole('button', { name: 'Next week (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(api.callsOf('GET /v2/account/clients/schedule.pdf').map((call) => [call.query, call.authorization])).toEqual([
      ['?week=2026-12-10', 'Bearer client'],
      ['?week=2026-12-17', 'Bearer client'],
    ]);
    expect(await (createObjectURL.mock.calls[0]?.[0] as Blob).text()).toBe('%PDF week');
  });

  it('shows the calendar address on asking, copies it, offers it as webcal, stops it and makes a new one', async () => {
    const api = serve([day()]);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await renderPage();
    const section = await elsewhere();
    // Asking makes an address: never on opening the page.
    expect(api.callsOf('GET /v2/account/clients/calendar')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Show my calendar address' }));
    const address = await within(section).findByLabelText('Your calendar address');
    expect(address).toHaveValue('https://shop.example/api/v2/calendar/feed-1.ics');
    expect(within(section).getByRole('link', { name: 'Add to my calendar' })).toHaveAttribute(
      'href',
      'webcal://shop.example/api/v2/calendar/feed-1.ics',
    );

    await user.click(within(section).getByRole('button', { name: 'Copy the address' }));
    expect(writeText).toHaveBeenCalledWith('https://shop.example/api/v2/calendar/feed-1.ics');
    expect(await within(section).findByText('Address copied.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Stop this address' }));
    expect(await within(section).findByText(/This address no longer works/)).toBeInTheDocument();
    expect(api.callsOf('DELETE /v2/account/clients/calendar')).toHaveLength(1);
    expect(within(section).queryByLabelText('Your calendar address')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Make a new address' }));
    expect(await within(section).findByLabelText('Your calendar address')).toHaveValue(
      'https://shop.example/api/v2/calendar/feed-2.ics',
    );
  });

  it('switches the daily e-mail on, and back when the server refuses', async () => {
    const api = serve([day()]);
    const user = userEvent.setup();
    await renderPage();
    const section = await elsewhere();
    const toggle = await within(section).findByRole('switch', { name: 'Send me my day by e-mail at 07:00' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(api.callsOf('PUT /v2/account/clients/day-settings').map((call) => call.body)).toEqual([{ daily_email: true }]);

    api.refuseSettings({ status: 503, message: 'The service is unavailable.' });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(await within(section).findByRole('alert')).toHaveTextContent('The service is unavailable.');
    expect(toggle).toBeChecked();
  });

  it('exports the check-ins as CSV, and deletes them all after asking', async () => {
    const api = serve([
      day({
        slots: day().slots.map((entry) =>
          entry.slot === 'bedtime' ? { ...entry, check_in: 'taken', check_ins: [{ protocol_id: 8, state: 'taken' as const }] } : entry,
        ),
      }),
    ]);
    const user = userEvent.setup();
    await renderPage();
    const section = await elsewhere();
    expect(await screen.findByRole('region', { name: 'Bedtime' })).toHaveTextContent('Recorded as taken');

    await user.click(within(section).getByRole('button', { name: 'Download my check-ins (CSV)' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:file', download: 'check-ins.csv' }]));

    await user.click(within(section).getByRole('button', { name: 'Delete all my check-ins' }));
    const dialog = within(section).getByRole('alertdialog', { name: 'Delete all my check-ins' });
    expect(within(dialog).getByRole('button', { name: 'Keep them' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(section).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsOf('DELETE /v2/account/clients/check-ins')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Delete all my check-ins' }));
    await user.click(within(section).getByRole('button', { name: 'Delete them' }));
    expect(await within(section).findByText('3 check-ins deleted.')).toBeInTheDocument();
    expect(api.callsOf('DELETE /v2/account/clients/check-ins')).toHaveLength(1);
    // The day and the streak are read again.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Bedtime' })).toHaveTextContent('Not checked in yet'));
    await waitFor(() => expect(screen.getByText('Take everything on a day to start a streak.')).toBeInTheDocument());
  });
});
