import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { restoreActiveProtocol, saveActiveProtocol } from '../state/active-protocol-cache';
import { product, protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { AddToProtocolButton } from './add-to-protocol-button';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

function Screen() {
  return (
    <>
      <AddToProtocolButton variantId={55} quantity={0} />
      <ProtocolBuilder />
    </>
  );
}

const panel = () => screen.getByRole('complementary', { name: 'Protocol builder' });

describe('BuilderProvider', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
  });
  afterEach(() => setTokens(null));

  it('restores the cached active protocol for the same user', async () => {
    saveActiveProtocol(7, protocol(1, [product(11, '2.00')], 'Gut reset'));
    protocolServer(server, [protocol(1, [product(11, '2.00')], 'Gut reset (fresh)')]);
    signInAs(7);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    // The cached copy shows at once and the fetch by id brings the fresh one.
    expect(await within(panel()).findByRole('heading', { name: 'Gut reset (fresh)', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(restoreActiveProtocol(7)?.name).toBe('Gut reset (fresh)'));
  });

  it("discards another user's cached protocol", async () => {
    saveActiveProtocol(8, protocol(1, [], 'Not yours'));
    const api = protocolServer(server, [protocol(2, [], 'Mine')]);
    signInAs(7);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    expect(await screen.findByRole('heading', { name: 'Mine' })).toBeInTheDocument();
    expect(screen.queryByText('Not yours')).toBeNull();
    expect(api.calls('GET', '/v2/account/practitioners/protocols/1')).toHaveLength(0);
    expect(restoreActiveProtocol(8)).toBeNull();
  });

  it('resets to the list when the cached protocol is gone (404)', async () => {
    saveActiveProtocol(7, protocol(1, [], 'Deleted elsewhere'));
    protocolServer(server, [protocol(2, [], 'Mine')]);
    signInAs(7);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    expect(await screen.findByRole('heading', { name: 'Mine' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deleted elsewhere' })).toBeNull();
    await waitFor(() => expect(restoreActiveProtocol(7)).toBeNull());
  });

  it('close in Redesign mode forgets the active protocol; signing out hides the builder', async () => {
    protocolServer(server, [protocol(1, [], 'Gut reset')]);
    signInAs(7);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
    await waitFor(() => expect(restoreActiveProtocol(7)?.protocol_id).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Close the protocol builder' }));
    await waitFor(() => expect(restoreActiveProtocol(7)).toBeNull());

    act(() => setTokens(null));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Protocols' })).toBeNull());
  });

  it("add to protocol: with no protocol selected, 'Please select a protocol first' and the builder opens", async () => {
    const api = protocolServer(server, [protocol(1, [], 'Gut reset')]);
    signInAs(7);
    const user = userEvent.setup();
    await renderBuilder(<Screen />);
    await user.click(await screen.findByRole('button', { name: 'Add to protocol' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Please select a protocol first');
    expect(await within(panel()).findByRole('heading', { name: 'Gut reset' })).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    // In Redesign mode the protocol must be on screen: from the list it is refused again.
    await user.click(screen.getByRole('button', { name: 'Open Gut reset' }));
    await user.click(await screen.findByRole('button', { name: 'All protocols' }));
    resetBuilderToasts();
    await user.click(screen.getByRole('button', { name: 'Add to protocol' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Select a protocol to add this product to.');

    await user.click(screen.getByRole('button', { name: 'Open Gut reset' }));
    await user.click(screen.getByRole('button', { name: 'Add to protocol' }));
    expect(await within(panel()).findByRole('link', { name: 'Product 55' })).toBeInTheDocument();
    // A count under 1 is added as 1 (spec: docs/spec-coverage.md#s5-quantity).
    expect(api.calls('POST', '/v2/account/practitioners/protocols/1/products')[0]?.body).toEqual({
      quantity: 1,
      product_variant_id: 55,
      notes: null,
    });
    expect(screen.getAllByRole('status').at(-1)).toHaveTextContent('Product added to the protocol.');
  });

  it('add to protocol signed out: the must-be-logged-in toast; a client sees no button', async () => {
    protocolServer(server);
    const view = await renderBuilder(<Screen />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add to protocol' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Please sign in to work on your protocols.');
    view.unmount();

    signInAs(9, 4);
    await renderBuilder(<Screen />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Add to protocol' })).toBeNull();
  });

  it('Standard mode: after an add the note bar asks for a required note, then returns to the protocol', async () => {
    const api = protocolServer(server, [protocol(1, [], 'Gut reset')]);
    signInAs(7);
    const user = userEvent.setup();
    await renderBuilder(<Screen />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    await user.click(screen.getByRole('button', { name: 'Use the bottom bar' }));
    await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
    await user.click(screen.getByRole('button', { name: 'Add to protocol' }));

    const noteBar = await screen.findByRole('form', { name: 'Note for the added product' });
    // The bar sums the protocol up with its thumbnails.
    const bar = screen.getByRole('region', { name: 'Protocol builder' });
    expect(within(bar).getByText('Gut reset · Products: 1 · 10,00 €')).toBeInTheDocument();
    expect(within(within(bar).getByRole('list', { name: 'Products in this protocol' })).getByRole('img', { name: 'Product 55' })).toBeInTheDocument();
    expect(within(noteBar).getByText('Product 55 was added. Add a note with the dosage or instructions.')).toBeInTheDocument();
    await user.click(within(noteBar).getByRole('button', { name: 'Save note' }));
    expect(within(noteBar).getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription('This field is required.');
    expect(api.calls('PUT', '/v2/account/practitioners/protocols/1/products')).toHaveLength(0);

    await user.type(within(noteBar).getByRole('textbox', { name: 'Note' }), 'One at breakfast');
    await user.click(within(noteBar).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Note for the added product' })).toBeNull());
    expect(api.calls('PUT', '/v2/account/practitioners/protocols/1/products')[0]?.body).toEqual({
      quantity: null,
      notes: 'One at breakfast',
      schedule: null,
      product_variant_id: 55,
    });
    expect(await screen.findByText('One at breakfast')).toBeInTheDocument();
  });

  it('Standard mode: create, edit and share open as right-side drawers', async () => {
    protocolServer(server, [protocol(1, [], 'Gut reset')]);
    signInAs(7);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    await user.click(screen.getByRole('button', { name: 'Use the bottom bar' }));
    await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const drawer = screen.getByRole('dialog', { name: 'Share protocol' });
    expect(within(drawer).getByRole('heading', { name: 'Share “Gut reset”' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit protocol' })).toBeInTheDocument();
  });
});
