import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { product, protocol } from '../testing/protocol-fixtures';
import { client, protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const ASSIGN = '/v2/account/practitioners/protocols/assign';
const CLIENTS = [client(31, 'Anna', 'Smith', 'anna@example.com'), client(32, 'Annabel', 'Lee', 'annabel@example.com')];

async function openShare(userTypeId = 2) {
  signInAs(7, userTypeId);
  const api = protocolServer(server, [protocol(1, [product(11, '1234.50')], 'Gut reset')], CLIENTS);
  const user = userEvent.setup();
  await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
  await user.click(await screen.findByRole('button', { name: 'Share' }));
  await screen.findByRole('heading', { name: 'Share “Gut reset”' });
  return { api, user };
}

const shareButton = () => screen.getByRole('button', { name: 'Share' });
const search = () => screen.getByRole('searchbox', { name: 'Search your clients' });
const emailBox = () => screen.getByRole('textbox', { name: "New client's e-mail" });

describe('share view', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
  });
  afterEach(() => setTokens(null));

  it('shows the total in the EU format and starts with share disabled (no recipients)', async () => {
    await openShare();
    expect(screen.getByText('Total: 1.234,50 €')).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    expect(screen.getByText('Choose a client or add an e-mail address.')).toBeInTheDocument();
  });

  it('searches clients only after more than 2 characters, picks one and refuses it twice', async () => {
    const { api, user } = await openShare();
    await user.type(search(), 'an');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.calls('POST', '/v2/account/practitioners/clients')).toHaveLength(0);
    // A half-typed search disables share.
    expect(shareButton()).toBeDisabled();

    await user.type(search(), 'n');
    const results = await screen.findByRole('list', { name: 'Matching clients' }, { timeout: 2000 });
    expect(api.calls('POST', '/v2/account/practitioners/clients')[0]?.body).toEqual({ limit: 100, keyword: 'ann' });
    await user.click(within(results).getByRole('button', { name: 'Select anna@example.com' }));
    expect(search()).toHaveValue('');
    const recipients = screen.getByRole('list', { name: 'Share with' });
    expect(within(recipients).getByText('Anna Smith (anna@example.com)')).toBeInTheDocument();
    expect(shareButton()).toBeEnabled();

    await user.type(search(), 'anna');
    await user.click(await screen.findByRole('button', { name: 'Select anna@example.com' }, { timeout: 2000 }));
    expect(await screen.findByRole('status')).toHaveTextContent('This client is already selected.');
    expect(within(recipients).getAllByRole('listitem')).toHaveLength(1);

    await user.clear(search());
    await user.type(search(), 'zzzz');
    expect(await screen.findByText('No clients found.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('says when the clients cannot be fetched', async () => {
    const { api, user } = await openShare();
    api.fail('POST', '/v2/account/practitioners/clients', 500, { message: 'Down.' });
    await user.type(search(), 'anna');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Your clients could not be loaded.');
  }, 15000);

  it('adds a new e-mail: pattern checked, duplicates refused, then names and a discount preset required', async () => {
    const { api, user } = await openShare();
    await user.type(emailBox(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(emailBox()).toHaveAccessibleDescription('Enter a valid e-mail address.');

    await user.clear(emailBox());
    await user.type(emailBox(), 'new@example.com{Enter}');
    expect(emailBox()).toHaveValue('');
    expect(screen.getByText('New client: new@example.com')).toBeInTheDocument();

    await user.type(emailBox(), 'NEW@example.com{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('This e-mail address is already selected.');
    // Closed here so the share's toast below is the only one, however fast the typing in between runs.
    await user.click(screen.getByRole('button', { name: 'Close message' }));

    // First name, last name and the presets 0, 5, 10, 15 and 20 %; share waits for all three.
    const discounts = screen.getByRole('group', { name: 'Discount' });
    expect(within(discounts).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['0', '5', '10', '15', '20']);
    expect(discounts).toHaveAccessibleDescription('Choose a discount.');
    expect(shareButton()).toBeDisabled();
    const first = screen.getByRole('textbox', { name: 'First name' });
    await user.click(first);
    await user.tab();
    expect(first).toHaveAccessibleDescription('This field is required.');
    await user.type(first, 'Nora');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Jones');
    expect(shareButton()).toBeDisabled();
    await user.click(within(discounts).getByRole('radio', { name: '10 %' }));
    expect(shareButton()).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'Message for the client (optional)' }), 'Start Monday');

    await user.click(shareButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Protocol shared.');
    expect(api.calls('POST', ASSIGN).map((call) => call.body)).toEqual([
      { id: 1, email: 'new@example.com', first_name: 'Nora', last_name: 'Jones', user_id: null, discount: 10, notes: 'Start Monday', limit_reason: null, warning_reason: null },
    ]);
    expect(screen.getByText('Choose a client or add an e-mail address.')).toBeInTheDocument();
  });

  it('shares once on a double click', async () => {
    const { api, user } = await openShare();
    api.slow('POST', ASSIGN, 200);
    await user.type(emailBox(), 'new@example.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Nora');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Jones');
    await user.click(screen.getByRole('radio', { name: '0 %' }));
    await user.dblClick(shareButton());
    expect(screen.getByRole('button', { name: 'Sharing…' })).toBeDisabled();
    expect(await screen.findByRole('status')).toHaveTextContent('Protocol shared.');
    expect(api.calls('POST', ASSIGN)).toHaveLength(1);
  });

  it("shows the server's message when sharing fails, else 'failed to share', and keeps the recipients", async () => {
    const { api, user } = await openShare();
    api.fail('POST', ASSIGN, 409, { message: 'This client already has this protocol.' });
    await user.type(search(), 'anna');
    await user.click(await screen.findByRole('button', { name: 'Select anna@example.com' }, { timeout: 2000 }));
    await user.click(shareButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This client already has this protocol.');
    expect(screen.getByText('Anna Smith (anna@example.com)')).toBeInTheDocument();
    expect(api.calls('POST', ASSIGN)[0]?.body).toMatchObject({ id: 1, user_id: 31, email: 'anna@example.com' });

    resetBuilderToasts();
    api.fail('POST', ASSIGN, 500, 'oops');
    await user.click(shareButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The protocol could not be shared.');
  });

  it('is disabled with the not-approved tooltip for a plain practitioner (type 3)', async () => {
    await openShare(3);
    await userEvent.setup().type(emailBox(), 'new@example.com{Enter}');
    const button = shareButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Sharing unlocks once your practitioner certificate is validated.');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Sharing unlocks once your practitioner certificate is validated.');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  });

  it('copies the link to the clipboard with its toasts, and revokes it', async () => {
    const { api, user } = await openShare();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied to the clipboard.');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/en/protocols/token-1`);

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The link could not be copied.');

    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(api.calls('DELETE', '/v2/account/practitioners/protocols/1/link')).toHaveLength(1));
    expect(await screen.findByText('The old link no longer works.')).toBeInTheDocument();
  });
});
