import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { CLIENT, medicine } from '../testing/fixtures';
import { fakeMedicinesApi } from '../testing/fake-medicines-api';
import { renderPage } from '../testing/render-page';

configure({ asyncUtilTimeout: 5000 });

/** The fake API, answering through MSW. */
function serve(...args: Parameters<typeof fakeMedicinesApi>) {
  const api = fakeMedicinesApi(...args);
  server.use(...api.handlers);
  return api;
}

const listOf = () => screen.getByRole('list', { name: 'Medicines you take' });
const row = (name: string) => within(listOf()).getByRole('listitem', { name });
const chip = (name: string, slot: string) =>
  within(within(row(name)).getByRole('group', { name: `When you take ${name}` })).getByRole('button', { name: slot });

describe('my medicines', () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => setTokens(null));

  it('lists the medicines with their times, says who sees them, and links back to the day', async () => {
    serve([medicine()]);
    await renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'My medicines' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'This list is private: only you and the practitioners whose protocols you have see it, so they can be warned of interactions.',
    );
    expect(screen.getByRole('link', { name: 'Back to my day' })).toHaveAttribute('href', '/en/account/today');
    await screen.findByRole('list', { name: 'Medicines you take' });
    expect(row('Levothyroxine')).toHaveTextContent('Medicine');
    expect(chip('Levothyroxine', 'Waking')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Levothyroxine', 'Breakfast')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Save my medicines' })).toBeDisabled();
  });

  it('finds a medicine (asking once the typing stops), adds it, sets its times and saves the whole list', async () => {
    const api = serve([medicine()]);
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('list', { name: 'Medicines you take' });

    await user.type(screen.getByLabelText('Find a medicine by name'), 'ome');
    const results = await screen.findByRole('list', { name: 'Matching medicines' });
    expect(api.searches).toEqual(['ome']);
    expect(within(results).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      'OmeprazoleMedicineAdd',
    ]);
    await user.click(within(results).getByRole('button', { name: 'Add Omeprazole' }));
    expect(within(results).getByRole('button', { name: 'Added: Omeprazole' })).toBeDisabled();
    expect(row('Omeprazole')).toHaveTextContent('Choose when you take it');
    expect(screen.getByText('Changes not saved yet.')).toBeInTheDocument();

    await user.click(chip('Omeprazole', 'Dinner'));
    await user.click(chip('Omeprazole', 'Breakfast'));
    expect(chip('Omeprazole', 'Dinner')).toHaveAttribute('aria-pressed', 'true');
    await user.click(chip('Levothyroxine', 'Waking'));
    expect(chip('Levothyroxine', 'Waking')).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Save my medicines' }));
    expect(await screen.findByText('Your medicines are saved.')).toBeInTheDocument();
    expect(api.puts).toEqual([
      {
        medicines: [
          { id: 'levothyroxine', slots: [] },
          // In the day's order, whatever the order of the taps.
          { id: 'omeprazole', slots: ['breakfast', 'dinner'] },
        ],
      },
    ]);
    expect(screen.getByRole('button', { name: 'Save my medicines' })).toBeDisabled();
    expect(screen.queryByText('Changes not saved yet.')).not.toBeInTheDocument();
  });

  it('removes a medicine, and undoes the changes', async () => {
    const api = serve([medicine(), medicine({ id: 'omeprazole', name: 'Omeprazole', slots: ['breakfast'] })]);
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('list', { name: 'Medicines you take' });

    await user.click(screen.getByRole('button', { name: 'Remove Levothyroxine' }));
    expect(within(listOf()).getAllByRole('listitem').map((entry) => entry.getAttribute('aria-labelledby'))).toEqual([
      'medicine-omeprazole',
    ]);
    await user.click(screen.getByRole('button', { name: 'Undo my changes' }));
    expect(within(listOf()).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Omeprazole' }));
    await user.click(screen.getByRole('button', { name: 'Remove Levothyroxine' }));
    expect(screen.getByText('No medicines listed. Find yours below and add them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save my medicines' }));
    await waitFor(() => expect(api.puts).toEqual([{ medicines: [] }]));
  });

  it("shows the server's refusal and keeps the edits", async () => {
    const api = serve([medicine()]);
    api.refuse({ message: 'Choose the medicine from the list.', field: 'medicines.0.id' });
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('list', { name: 'Medicines you take' });

    await user.click(chip('Levothyroxine', 'Bedtime'));
    await user.click(screen.getByRole('button', { name: 'Save my medicines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your medicines were not saved: Choose the medicine from the list. Your changes are kept.',
    );
    expect(chip('Levothyroxine', 'Bedtime')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Changes not saved yet.')).toBeInTheDocument();

    api.refuse(null);
    await user.click(screen.getByRole('button', { name: 'Save my medicines' }));
    expect(await screen.findByText('Your medicines are saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.puts).toHaveLength(2);
  });

  it('follows a change saved on another device, but keeps a list being edited here', async () => {
    const api = serve([medicine()]);
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('list', { name: 'Medicines you take' });

    api.set([medicine({ slots: ['bedtime'] })]);
    act(() => topicRegistry.dispatch({ topic: 'medicines.updated', data: { client_id: 4 }, seq: 1 }));
    await waitFor(() => expect(chip('Levothyroxine', 'Bedtime')).toHaveAttribute('aria-pressed', 'true'));
    expect(chip('Levothyroxine', 'Waking')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('Levothyroxine', 'Lunch'));
    api.set([]);
    act(() => topicRegistry.dispatch({ topic: 'medicines.updated', data: { client_id: 4 }, seq: 2 }));
    // The edits stay on screen until saved or undone; undoing shows the other device's list.
    await user.click(screen.getByRole('button', { name: 'Undo my changes' }));
    expect(await screen.findByText('No medicines listed. Find yours below and add them.')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    serve([]);
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByText('No medicines listed. Find yours below and add them.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a medicine by name'), 'xyz');
    expect(await screen.findByText('Nothing found for “xyz”. Try its active substance or another name.')).toBeInTheDocument();
  });

  it('is for clients: a practitioner is told so', async () => {
    serve([]);
    setTokens({ ...CLIENT, userTypeId: 3 });
    await renderPage();
    expect(await screen.findByText(/This page is for clients/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Find a medicine by name')).not.toBeInTheDocument();
  });
});
