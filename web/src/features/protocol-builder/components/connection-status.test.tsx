import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Protocol } from '../api/types';
import { product, protocol } from '../testing/protocol-fixtures';
import { renderBuilder } from '../testing/render-builder';
import { ActiveProtocolEditorContext, type ActiveProtocolEditor, type EditorLink } from './active-protocol-source';
import { ConnectionStatus } from './connection-status';
import { ProtocolProducts } from './protocol-products';

/** An editor whose writes record what they were asked, answering the protocol unchanged. */
function recordingEditor(current: Protocol, calls: string[]): ActiveProtocolEditor {
  const record = (call: string) => {
    calls.push(call);
    return Promise.resolve(current);
  };
  return {
    protocolId: current.protocol_id,
    protocol: current,
    status: 'ready',
    presence: [],
    rename: (name) => record(`rename ${name}`),
    setDescription: (text) => record(`describe ${text}`),
    setQuantity: (id, quantity) => record(`quantity ${id} ${quantity}`),
    setNotes: (id, notes) => record(`notes ${id} ${notes}`),
    setSchedule: (id, patch) => record(`schedule ${id} ${JSON.stringify(patch)}`),
    removeProduct: (id) => record(`remove ${id}`),
    addProduct: (id, quantity) => record(`add ${id} ${quantity}`),
  };
}

describe('ConnectionStatus', () => {
  it.each<[EditorLink | undefined, string | null]>([
    ['live', 'Live: your edits show on your other devices'],
    ['offline', 'Offline: your edits are kept and sent when the connection is back'],
    ['rest', null],
    [undefined, null],
  ])('for %s says %s', async (link, text) => {
    await renderBuilder(<ConnectionStatus link={link} />);
    if (text === null) {
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } else {
      expect(await screen.findByRole('status')).toHaveTextContent(text);
    }
  });
});

describe('a line whose product is on its way', () => {
  it('says it is being added, shows no price, and can be removed', async () => {
    // Given a priced line and one the document has before the REST protocol (no card, no price)
    const pending = { ...product(31, '', 2), name: '', slug: '', line_total: '' };
    const current = protocol(5, [product(30, '12.50'), pending]);
    const calls: string[] = [];
    const user = userEvent.setup();
    await renderBuilder(
      <ActiveProtocolEditorContext value={recordingEditor(current, calls)}>
        <ProtocolProducts protocol={current} />
      </ActiveProtocolEditorContext>,
    );

    // Then the pending row says so, without a link or a price
    const row = (await screen.findByText('Adding a product (2)…')).closest('li');
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(row?.querySelector('a')).toBeNull();
    expect(row?.querySelector('.line-row__amount')).toBeNull();

    // When it is removed, the editor is asked to remove that variant
    await user.click(screen.getByRole('button', { name: 'Remove the product being added' }));
    expect(calls).toEqual(['remove 31']);
  });
});
