import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { product, protocol } from '../testing/protocol-fixtures';
import { client, protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

/** axe-core's rules that jsdom can answer (no layout, so no colour contrast). */
async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('builder accessibility (axe-core in jsdom)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs(7, 3);
  });
  afterEach(() => setTokens(null));

  it('has no violations in the list, the active protocol, the share view and a drawer', async () => {
    protocolServer(server, [protocol(1, [product(11, '2.00', 1, 'n'.repeat(120))], 'Gut reset')], [client(3, 'Anna', 'Smith', 'anna@example.com')]);
    const user = userEvent.setup();
    await renderBuilder(<ProtocolBuilder />);
    await user.click(await screen.findByRole('button', { name: 'Protocols' }));
    await screen.findByRole('heading', { name: 'Gut reset' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Open Gut reset' }));
    await screen.findByRole('list', { name: 'Products in the protocol' });
    expect(await violations()).toEqual([]);

    // The day grid's "More timing" with a titration step and a refused save.
    await user.click(screen.getByRole('button', { name: 'More timing for Product 11' }));
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Days on' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save timing' }));
    await screen.findByText(/Days on and days off are whole numbers/);
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.type(screen.getByRole('textbox', { name: "New client's e-mail" }), 'new@example.com{Enter}');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete protocol' }));
    expect(await violations()).toEqual([]);
  });
});
