import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { fakeDayApi } from '../testing/fake-day-api';
import { CLIENT, day, item, slot, TODAY } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

configure({ asyncUtilTimeout: 5000 });

/** The fake API, answering through MSW. */
function serve(...args: Parameters<typeof fakeDayApi>) {
  const api = fakeDayApi(...args);
  server.use(...api.handlers);
  return api;
}

const CHECK_IN = 'POST /v2/account/clients/check-ins';
const slotRegion = (name: string) => screen.getByRole('region', { name });
const button = (region: HTMLElement, name: string) => within(region).getByRole('button', { name });

describe('the Today page', () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => setTokens(null));

  it("shows each slot's products, servings, protocol, food hint and medicines, the streak and the note", async () => {
    serve([day()]);
    await renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    const slots = await screen.findByRole('list', { name: 'Your day' });
    expect(within(slots).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Breakfast',
      'Bedtime',
    ]);
    expect(screen.getByText('Today, Thursday, December 10, 2026')).toBeInTheDocument();

    const breakfast = slotRegion('Breakfast');
    expect(breakfast).toHaveTextContent('With food');
    const items = within(within(breakfast).getByRole('list', { name: 'What to take: Breakfast' })).getAllByRole('listitem');
    expect(items.map((entry) => entry.textContent)).toEqual([
      'Omega 3' + '2 servings' + 'From Better sleep',
      'Magnesium' + '1 serving' + 'From Gut health',
    ]);
    expect(breakfast).toHaveTextContent('Not checked in yet');
    expect(button(breakfast, 'Taken')).toHaveAttribute('aria-pressed', 'false');

    const bedtime = slotRegion('Bedtime');
    expect(bedtime).not.toHaveTextContent('With food');
    // The slot says nothing of food as a whole; its one item does.
    expect(bedtime).toHaveTextContent('0.5 servings · Without food');
    expect(bedtime).toHaveTextContent('Your medicines at this time: Levothyroxine');

    expect(await screen.findByText('5 days in a row with everything taken')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      "This is a reference schedule from your practitioner's protocols, not medical advice.",
    );
    expect(screen.getByRole('link', { name: 'My medicines' })).toHaveAttribute('href', '/en/account/medicines');
  });

  it('checks every protocol of a slot in with one tap, shown before the server answers', async () => {
    const api = serve([day()]);
    const user = userEvent.setup();
    await renderPage();
    const breakfast = await screen.findByRole('region', { name: 'Breakfast' });

    const open = api.hold();
    await user.click(button(breakfast, 'Taken'));
    // Optimistic: recorded on screen while the calls are still on their way.
    expect(breakfast).toHaveTextContent('Recorded as taken');
    expect(button(breakfast, 'Taken')).toHaveAttribute('aria-pressed', 'true');
    open();

    await waitFor(() => expect(api.callsOf(CHECK_IN)).toHaveLength(2));
    expect(api.callsOf(CHECK_IN).map((call) => call.body)).toEqual([
      { date: TODAY, slot: 'breakfast', protocol_id: 7, state: 'taken' },
      { date: TODAY, slot: 'breakfast', protocol_id: 8, state: 'taken' },
    ]);
    expect(api.callsOf(CHECK_IN)[0]?.authorization).toBe('Bearer client');
    await waitFor(() => expect(button(breakfast, 'Taken')).toBeEnabled());
    expect(breakfast).toHaveTextContent('Recorded as taken');
    expect(slotRegion('Bedtime')).toHaveTextContent('Not checked in yet');

    // Another state replaces it; the same state again asks nothing.
    await user.click(button(breakfast, 'Skipped'));
    await waitFor(() => expect(api.callsOf(CHECK_IN)).toHaveLength(4));
    await waitFor(() => expect(button(breakfast, 'Skipped')).toBeEnabled());
    expect(breakfast).toHaveTextContent('Recorded as skipped');
    await user.click(button(breakfast, 'Skipped'));
    expect(api.callsOf(CHECK_IN)).toHaveLength(4);
  });

  it('rolls a refused check-in back and says why', async () => {
    const api = serve([day()]);
    api.refuse({ status: 422, message: 'Nothing of this protocol is to be taken at that time of that day.' });
    const user = userEvent.setup();
    await renderPage();
    const bedtime = await screen.findByRole('region', { name: 'Bedtime' });

    await user.click(button(bedtime, 'Skipped'));
    expect(await within(bedtime).findByRole('alert')).toHaveTextContent(
      'Your check-in was not saved: Nothing of this protocol is to be taken at that time of that day.',
    );
    expect(bedtime).toHaveTextContent('Not checked in yet');
    expect(button(bedtime, 'Skipped')).toHaveAttribute('aria-pressed', 'false');

    // Accepted on the next tap, which clears the message.
    api.refuse(null);
    await user.click(button(bedtime, 'Skipped'));
    await waitFor(() => expect(bedtime).toHaveTextContent('Recorded as skipped'));
    expect(within(bedtime).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows each protocol's state when a slot's protocols differ", async () => {
    serve([
      day({
        slots: [
          slot({
            items: [item(), item({ protocol_id: 8, protocol_name: 'Gut health', product_variant_id: 12, name: 'Magnesium' })],
            check_in: null,
            check_ins: [
              { protocol_id: 7, state: 'taken' },
              { protocol_id: 8, state: null },
            ],
          }),
        ],
      }),
    ]);
    await renderPage();
    const states = await screen.findByRole('list', { name: 'Check-ins by protocol' });
    expect(within(states).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      'Better sleep: Recorded as taken',
      'Gut health: Not checked in yet',
    ]);
    expect(button(slotRegion('Breakfast'), 'Taken')).toHaveAttribute('aria-pressed', 'false');
  });

  it('goes back up to 7 days, never ahead, and back to today; a past day checks in on its date', async () => {
    const api = serve([day(), day({ date: '2026-12-09' })]);
    const user = userEvent.setup();
    const { router } = await renderPage();
    const days = await screen.findByRole('navigation', { name: 'Days' });
    expect(within(days).getByRole('button', { name: 'Next day' })).toBeDisabled();
    expect(within(days).queryByRole('button', { name: 'Back to today' })).not.toBeInTheDocument();

    await user.click(within(days).getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByText('Wednesday, December 9, 2026')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?date=2026-12-09');
    const breakfast = await screen.findByRole('region', { name: 'Breakfast' });
    // The day is over: nothing recorded is missed, and can still be checked in.
    expect(breakfast).toHaveTextContent('Missed: nothing recorded');
    await user.click(button(breakfast, 'Taken'));
    await waitFor(() => expect(api.callsOf(CHECK_IN)).toHaveLength(2));
    expect(api.callsOf(CHECK_IN).map((call) => (call.body as { date: string }).date)).toEqual(['2026-12-09', '2026-12-09']);

    for (const date of ['Tuesday, December 8', 'Monday, December 7', 'Sunday, December 6', 'Saturday, December 5', 'Friday, December 4']) {
      await user.click(within(days).getByRole('button', { name: 'Previous day' }));
      expect(await screen.findByText(`${date}, 2026`)).toBeInTheDocument();
    }
    await user.click(within(days).getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByText('Thursday, December 3, 2026')).toBeInTheDocument();
    expect(within(days).getByRole('button', { name: 'Previous day' })).toBeDisabled();
    expect(screen.getByText('Nothing was scheduled on this day.')).toBeInTheDocument();

    await user.click(within(days).getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('Friday, December 4, 2026')).toBeInTheDocument();
    await user.click(within(days).getByRole('button', { name: 'Back to today' }));
    expect(await screen.findByText('Today, Thursday, December 10, 2026')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows today for a day ahead or further back than 7 days in the address', async () => {
    serve([day()]);
    await renderPage('/en/account/today?date=2026-12-11');
    expect(await screen.findByText('Today, Thursday, December 10, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it('opens a day of the last week from the address, and today for one further back', async () => {
    serve([day(), day({ date: '2026-12-03' })]);
    const view = await renderPage('/en/account/today?date=2026-12-03');
    expect(await screen.findByText('Thursday, December 3, 2026')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Breakfast' })).toHaveTextContent('Missed: nothing recorded');
    view.unmount();

    await renderPage('/en/account/today?date=2026-12-02');
    expect(await screen.findByText('Today, Thursday, December 10, 2026')).toBeInTheDocument();
  });

  it('says when nothing is to be taken, with the way to the protocols', async () => {
    serve([day({ slots: [] })], { adherence: { streak: 0, protocols: [] } });
    await renderPage();
    expect(await screen.findByText(/Nothing to take today\./)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'My protocols' });
    expect(links.map((link) => link.getAttribute('href'))).toContain('/en/account/client/protocols');
    expect(screen.queryByText(/in a row/)).not.toBeInTheDocument();
  });

  it("follows another device's check-in, the medicines changed and a protocol shared, without reloading", async () => {
    const api = serve([day()]);
    await renderPage();
    const breakfast = await screen.findByRole('region', { name: 'Breakfast' });
    expect(await screen.findByText('5 days in a row with everything taken')).toBeInTheDocument();

    const current = day();
    api.set({
      ...current,
      slots: current.slots.map((entry) =>
        entry.slot === 'breakfast'
          ? { ...entry, check_in: 'taken', check_ins: entry.check_ins.map((checkIn) => ({ ...checkIn, state: 'taken' as const })) }
          : entry,
      ),
    });
    api.setAdherence({ streak: 6, protocols: [] });
    act(() =>
      topicRegistry.dispatch({ topic: 'adherence.updated', data: { client_id: 4, protocol_id: 7, date: TODAY }, seq: 1 }),
    );
    await waitFor(() => expect(breakfast).toHaveTextContent('Recorded as taken'));
    // A streak with no protocol is not shown.
    await waitFor(() => expect(screen.queryByText(/in a row/)).not.toBeInTheDocument());

    const bedtime = day().slots[1]!;
    api.set(day({ slots: [day().slots[0]!, { ...bedtime, medicines: [...bedtime.medicines, { id: 'omeprazole', name: 'Omeprazole' }] }] }));
    act(() => topicRegistry.dispatch({ topic: 'medicines.updated', data: { client_id: 4 }, seq: 2 }));
    await waitFor(() =>
      expect(slotRegion('Bedtime')).toHaveTextContent('Your medicines at this time: Levothyroxine and Omeprazole'),
    );

    api.set(day({ slots: [slot({ slot: 'lunch', items: [item({ protocol_id: 9, protocol_name: 'Energy', name: 'Iron' })] })] }));
    act(() => topicRegistry.dispatch({ topic: 'protocol.shared', data: { protocol_id: 9, practitioner_id: 2 }, seq: 3 }));
    expect(await screen.findByRole('region', { name: 'Lunch' })).toHaveTextContent('From Energy');
  });

  it('is for clients: a practitioner is told so and nothing is asked; a visitor is asked to sign in', async () => {
    const api = serve([day()]);
    setTokens({ ...CLIENT, userTypeId: 3 });
    const view = await renderPage();
    expect(await screen.findByText(/The Today page is for clients/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    view.unmount();

    setTokens(null);
    await renderPage('/de/account/today');
    expect(await screen.findByRole('heading', { level: 1, name: 'Heute' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
  });
});
