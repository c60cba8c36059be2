import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { resetBuilderToasts } from '../components/builder-toast-store';
import { product, protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { ProtocolPage } from './protocol-page';

const PATH = '/:lang/account/practitioner/protocols/:id';

describe('ProtocolPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
  });
  afterEach(() => setTokens(null));

  it('shows the protocol with its products, and edits it in a drawer', async () => {
    const api = protocolServer(server, [protocol(4, [product(11, '12.50', 2)], 'Gut reset')]);
    signInAs();
    const user = userEvent.setup();
    await renderBuilder(<ProtocolPage />, { url: '/en/account/practitioner/protocols/4', path: PATH });
    expect(await screen.findByRole('heading', { name: 'Gut reset', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('About Gut reset')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity of Product 11' })).toHaveValue('2');

    await user.click(screen.getByRole('button', { name: 'Add one Product 11' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Product 11' })).toHaveValue('3'), { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const drawer = screen.getByRole('dialog', { name: 'Edit protocol' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), ' plus');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Gut reset plus', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('PUT', '/v2/account/practitioners/protocols/4/update')).toHaveLength(1);
  });

  it('shares from a drawer and deletes from the edit drawer', async () => {
    const api = protocolServer(server, [protocol(4, [], 'Gut reset')]);
    signInAs();
    const user = userEvent.setup();
    const view = await renderBuilder(<ProtocolPage />, { url: '/en/account/practitioner/protocols/4', path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(within(screen.getByRole('dialog', { name: 'Share protocol' })).getByRole('searchbox', { name: 'Search your clients' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Share protocol' })).getByRole('button', { name: 'Back' }));

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete protocol' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this protocol?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/en/account'));
    expect(api.calls('DELETE', '/v2/account/practitioners/protocols/4')).toHaveLength(1);
  });

  it('says so for a protocol that is not there, and to anyone but a practitioner', async () => {
    protocolServer(server, []);
    signInAs();
    const first = await renderBuilder(<ProtocolPage />, { url: '/en/account/practitioner/protocols/99', path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent('This protocol does not exist or is not yours.');
    first.unmount();

    setTokens(null);
    await renderBuilder(<ProtocolPage />, { url: '/en/account/practitioner/protocols/99', path: PATH });
    expect(await screen.findByText('Protocols are for signed-in practitioners.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login');
  });
});
