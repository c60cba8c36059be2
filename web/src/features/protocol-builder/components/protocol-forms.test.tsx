import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

async function openPanel() {
  const user = userEvent.setup();
  await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  return user;
}

describe('create and edit', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs();
  });
  afterEach(() => setTokens(null));

  it('create: both fields required, "empty field" once left, button disabled until valid', async () => {
    const api = protocolServer(server);
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'New protocol' }));
    const form = screen.getByRole('form', { name: 'New protocol' });
    const create = within(form).getByRole('button', { name: 'Create protocol' });
    expect(create).toBeDisabled();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    const description = within(form).getByRole('textbox', { name: 'Description' });

    // Nothing is said before the field was left.
    expect(within(form).queryByText('This field cannot be empty.')).toBeNull();
    await user.click(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription('This field cannot be empty.');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, '   ');
    await user.tab();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'Gut reset');
    await user.click(description);
    await user.tab();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(description).toHaveAccessibleDescription('This field cannot be empty.');
    expect(create).toBeDisabled();

    await user.type(description, 'Four weeks');
    expect(create).toBeEnabled();
    await user.dblClick(create);
    expect(await screen.findByRole('heading', { name: 'Gut reset', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Protocol created.');
    // A double click creates one protocol.
    expect(api.calls('POST', '/v2/account/practitioners/protocols/create')).toHaveLength(1);
    expect(api.calls('POST', '/v2/account/practitioners/protocols/create')[0]?.body).toEqual({
      name: 'Gut reset',
      description: 'Four weeks',
    });
  });

  it('create from a template: choosing one fills its name and description to adapt, and copies it', async () => {
    // Given the content provider's templates
    const template = {
      id: 2,
      name: 'Gut reset',
      description: 'Four weeks for the gut',
      protocol_line_items: [
        { product_variant_id: 11, notes: 'With breakfast' },
        { product_variant_id: 12, notes: null },
      ],
    };
    const api = protocolServer(server, [], [], [template]);
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'New protocol' }));
    const form = screen.getByRole('form', { name: 'New protocol' });
    const from = await within(form).findByRole('group', { name: 'Start from' });
    expect(within(from).getByRole('radio', { name: 'A blank protocol' })).toBeChecked();

    // When the practitioner picks the template and adapts its name
    await user.click(within(from).getByRole('radio', { name: /^Gut reset/ }));
    expect(within(from).getByRole('radio', { name: /^Gut reset/ })).toHaveAccessibleName('Gut reset Products: 2');
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Gut reset');
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('Four weeks for the gut');
    await user.clear(name);
    await user.type(name, 'Gut reset for Anna');
    await user.click(within(form).getByRole('button', { name: 'Copy template' }));

    // Then the template is copied with its lines, the 'template added' toast shows and the copy is open
    expect(await screen.findByRole('heading', { name: 'Gut reset for Anna', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Template added to your protocols.');
    expect(api.calls('POST', '/v2/providers/local/protocols/templates/create').map((call) => call.body)).toEqual([
      {
        protocol_template_id: 2,
        name: 'Gut reset for Anna',
        description: 'Four weeks for the gut',
        protocol_line_items: [
          { product_variant_id: 11, notes: 'With breakfast' },
          { product_variant_id: 12, notes: null },
        ],
      },
    ]);
    expect(api.calls('POST', '/v2/account/practitioners/protocols/create')).toEqual([]);
    expect(screen.getByText('Product 11')).toBeInTheDocument();
  });

  it('create from a template: going back to a blank protocol empties the fields again', async () => {
    protocolServer(server, [], [], [{ id: 3, name: 'Sleep', description: 'Calm nights', protocol_line_items: [] }]);
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'New protocol' }));
    const form = screen.getByRole('form', { name: 'New protocol' });
    await user.click(await within(form).findByRole('radio', { name: /^Sleep/ }));
    expect(within(form).getByRole('button', { name: 'Copy template' })).toBeEnabled();
    await user.click(within(form).getByRole('radio', { name: 'A blank protocol' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Create protocol' })).toBeDisabled();
  });

  it('create: back returns to the list, and a failure shows the session-expired toast', async () => {
    const api = protocolServer(server);
    api.fail('POST', '/v2/account/practitioners/protocols/create', 403, { message: 'Token has expired', code: 'x', errors: {} });
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'New protocol' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'A');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'B');
    await user.click(screen.getByRole('button', { name: 'Create protocol' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Please sign in again.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('You have no protocols yet.')).toBeInTheDocument();
  });

  it('edit: save only when changed, name required, description optional; saved through the editor', async () => {
    const api = protocolServer(server, [protocol(1, [], 'Gut reset')]);
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit protocol' });
    const save = within(form).getByRole('button', { name: 'Save' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Gut reset');
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription('This field cannot be empty.');
    expect(save).toBeDisabled();
    await user.type(name, 'Gut reset');
    expect(save).toBeDisabled();
    await user.type(name, ' 2');
    await user.clear(within(form).getByRole('textbox', { name: 'Description (optional)' }));
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByRole('heading', { name: 'Gut reset 2', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Protocol updated.');
    const updates = api.calls('PUT', '/v2/account/practitioners/protocols/1/update');
    expect(updates.map((call) => call.body)).toEqual([
      { name: 'Gut reset 2', description: null },
      { name: 'Gut reset 2', description: '' },
    ]);
    await waitFor(() => expect(screen.getByText('Gut reset 2')).toBeInTheDocument());
  });

  it('edit: a failed save shows the server message and stays', async () => {
    const api = protocolServer(server, [protocol(1, [], 'Gut reset')]);
    api.fail('PUT', '/v2/account/practitioners/protocols/1/update', 400, { message: 'The name may be at most 200 characters.' });
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The name may be at most 200 characters.');
    expect(screen.getByRole('form', { name: 'Edit protocol' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Gut reset!');
  });

  it('edit: delete asks first, then goes to the list', async () => {
    const api = protocolServer(server, [protocol(1, [], 'Gut reset'), protocol(2, [], 'Sleep')]);
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete protocol' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this protocol?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Sleep' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gut reset' })).toBeNull();
    expect(api.calls('DELETE', '/v2/account/practitioners/protocols/1')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Protocol deleted.');
  });
});
