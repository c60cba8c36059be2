import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { readStored } from '../../../lib/session/stored-value';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { readStandardOpen, STANDARD_OPEN_KEY } from '../state/active-protocol-cache';
import { protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const panel = () => screen.getByRole('complementary', { name: 'Protocol builder' });

describe('ProtocolBuilder', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
  });
  afterEach(() => setTokens(null));

  it('shows nothing signed out or to a client (the Unauthorized state)', async () => {
    protocolServer(server);
    const view = await renderBuilder(<ProtocolBuilder />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.container.querySelector('.builder-panel, .builder-launcher, .builder-bar')).toBeNull();

    signInAs(9, 4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Protocols' })).toBeNull();
  });

  it('opens in Redesign mode as a 400 px right-hand panel listing the protocols, and closes', async () => {
    signInAs();
    protocolServer(server, [protocol(1, [], 'Gut reset')]);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);

    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    expect(panel()).toHaveStyle({ '--builder-width': '400px' });
    expect(await within(panel()).findByRole('heading', { name: 'Gut reset' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close the protocol builder' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('button', { name: 'Protocols' })).toBeInTheDocument();
  });

  it('resizes with the keyboard and a pointer, held between 300 and 900 px', async () => {
    signInAs();
    protocolServer(server);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    const handle = screen.getByRole('separator', { name: 'Resize the protocol builder' });
    expect(handle).toHaveAttribute('aria-valuenow', '400');
    expect(handle).toHaveAttribute('aria-valuemin', '300');
    expect(handle).toHaveAttribute('aria-valuemax', '900');

    handle.focus();
    await user.keyboard('{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '420');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '380');
    await user.keyboard('{End}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '900');
    await user.keyboard('{Home}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '300');

    // Dragging the edge to 100 px from the window's right edge asks for 100 px: held at 300.
    fireEvent.pointerDown(handle, { pointerId: 1, clientX: 600 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: window.innerWidth - 100 });
    expect(handle).toHaveAttribute('aria-valuenow', '300');
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: window.innerWidth - 5000 });
    expect(handle).toHaveAttribute('aria-valuenow', '900');
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: window.innerWidth - 512 });
    expect(handle).toHaveAttribute('aria-valuenow', '512');
    fireEvent.pointerUp(handle, { pointerId: 1 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: window.innerWidth - 700 });
    expect(handle).toHaveAttribute('aria-valuenow', '512');
    expect(panel()).toHaveStyle({ '--builder-width': '512px' });
  });

  it('switches to Standard mode: a bottom bar whose open state is kept locally', async () => {
    signInAs();
    protocolServer(server, [protocol(1, [], 'Gut reset')]);
    const user = userEvent.setup();
    const first = await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    await user.click(screen.getByRole('button', { name: 'Use the bottom bar' }));

    const bar = screen.getByRole('region', { name: 'Protocol builder' });
    expect(within(bar).getByText('No protocol selected')).toBeInTheDocument();
    const toggle = within(bar).getByRole('button', { name: 'Hide protocols' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(readStandardOpen()).toBe(true);
    await user.click(toggle);
    expect(within(bar).getByRole('button', { name: 'Open protocols' })).toHaveAttribute('aria-expanded', 'false');
    expect(readStored(STANDARD_OPEN_KEY)).toBe(false);
    await user.click(within(bar).getByRole('button', { name: 'Open protocols' }));
    await user.click(within(bar).getByRole('button', { name: 'Choose a protocol' }));
    expect(await within(bar).findByRole('heading', { name: 'Gut reset' })).toBeInTheDocument();

    // A reload comes back in Standard mode with the bar open, as it was left.
    first.unmount();
    await renderBuilder(<ProtocolBuilder />);
    const again = await screen.findByRole('region', { name: 'Protocol builder' });
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Hide protocols' })).toBeInTheDocument());

    await user.click(within(again).getByRole('button', { name: 'Use the side panel' }));
    expect(panel()).toBeInTheDocument();
  });

  it('is hidden on the cart and wishlist pages', async () => {
    signInAs();
    protocolServer(server);
    const view = await renderBuilder(<ProtocolBuilder />, { url: '/en/cart' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Protocols' })).toBeNull();
    await act(() => view.router.navigate('/en/wishlist'));
    expect(screen.queryByRole('button', { name: 'Protocols' })).toBeNull();
    await act(() => view.router.navigate('/en/products'));
    expect(await screen.findByRole('button', { name: 'Protocols' })).toBeInTheDocument();
  });
});
