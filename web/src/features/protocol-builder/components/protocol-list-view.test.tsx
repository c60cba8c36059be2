import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { product, protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const NAMES = ['Sleep', 'Gut reset', 'Energy', 'Allergy', 'Focus', 'Bones', 'Calm'];

async function openPanel() {
  const user = userEvent.setup();
  await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  return user;
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Your protocols' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

describe('protocol list view', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs();
  });
  afterEach(() => setTokens(null));

  it('shows a card per protocol: name, product count, total, thumbnails and details that expand', async () => {
    protocolServer(server, [protocol(1, [product(11, '12.50', 2, 'Twice a day'), product(12, '5.00')], 'Gut reset')]);
    const user = await openPanel();
    const card = await screen.findByRole('article', { name: 'Gut reset' });
    expect(within(card).getByText('Products: 2')).toBeInTheDocument();
    expect(within(card).getByText('30,00 €')).toBeInTheDocument();
    expect(within(card).getAllByRole('img')).toHaveLength(2);
    const details = within(card).getByRole('button', { name: 'Show details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(within(card).getByText('2 × Product 11 (Brand)')).toBeVisible();
    expect(within(card).getByText('About Gut reset')).toBeVisible();
  });

  it('pages by 5 and sorts Default, A-Z and Z-A through the server', async () => {
    const api = protocolServer(server, NAMES.map((name, index) => protocol(index + 1, [], name)));
    const user = await openPanel();
    await screen.findByRole('heading', { name: 'Sleep' });
    expect(cardNames()).toEqual(['Sleep', 'Gut reset', 'Energy', 'Allergy', 'Focus']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Calm' });
    expect(cardNames()).toEqual(['Bones', 'Calm']);
    expect(api.calls('GET', '/v2/account/practitioners/protocols').at(-1)?.search).toBe('?page=2&limit=5&sort=default');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Alphabetically A-Z');
    await waitFor(() => expect(cardNames()).toEqual(['Allergy', 'Bones', 'Calm', 'Energy', 'Focus']));
    expect(api.calls('GET', '/v2/account/practitioners/protocols').at(-1)?.search).toBe('?page=1&limit=5&sort=name_asc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Alphabetically Z-A');
    await waitFor(() => expect(cardNames()).toEqual(['Sleep', 'Gut reset', 'Focus', 'Energy', 'Calm']));
    expect(screen.getByRole('option', { name: 'Default' })).toBeInTheDocument();
  });

  it('searches 500 ms after the last keystroke, with one search call', async () => {
    const api = protocolServer(server, NAMES.map((name, index) => protocol(index + 1, [], name)));
    const user = await openPanel();
    await screen.findByRole('heading', { name: 'Sleep' });
    await user.type(screen.getByRole('searchbox', { name: 'Search protocols' }), 'ca');
    expect(api.calls('POST', '/v2/account/practitioners/protocols/search')).toHaveLength(0);
    await waitFor(() => expect(cardNames()).toEqual(['Calm']), { timeout: 2000 });
    const searches = api.calls('POST', '/v2/account/practitioners/protocols/search');
    expect(searches).toHaveLength(1);
    expect(searches[0]?.body).toEqual({ page: 1, limit: 50, query: 'ca' });

    await user.type(screen.getByRole('searchbox', { name: 'Search protocols' }), 'zzz');
    expect(await screen.findByText('No protocols match your search.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('opens a protocol as the active one', async () => {
    protocolServer(server, [protocol(1, [product(11, '12.50')], 'Gut reset')]);
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
    expect(await screen.findByRole('heading', { name: 'Gut reset', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Products in the protocol' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All protocols' }));
    expect(await screen.findByRole('list', { name: 'Your protocols' })).toBeInTheDocument();
  });

  it('deletes and duplicates after a confirmation drawer', async () => {
    const api = protocolServer(server, [protocol(1, [], 'Gut reset'), protocol(2, [], 'Sleep')]);
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete Gut reset' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this protocol?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText(/“Gut reset” and its products will be deleted/)).toBeInTheDocument();
    // Focus moves into the drawer; Cancel leaves everything as it was.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete Gut reset' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete Gut reset' }));
    await user.dblClick(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Protocol deleted.');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Gut reset' })).toBeNull());
    expect(api.calls('DELETE', '/v2/account/practitioners/protocols/1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Duplicate Sleep' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Duplicate Sleep' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Duplicate this protocol?' })).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('heading', { name: 'Sleep (copy)' })).toBeInTheDocument();
    expect(api.calls('POST', '/v2/account/practitioners/protocols/duplicate')[0]?.body).toEqual({ protocol_id: 2 });
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    const api = protocolServer(server, [protocol(1, [], 'Gut reset')]);
    api.fail('GET', '/v2/account/practitioners/protocols', 500, { message: 'Down.' });
    await openPanel();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Your protocols could not be loaded.');
  }, 15000);
});
