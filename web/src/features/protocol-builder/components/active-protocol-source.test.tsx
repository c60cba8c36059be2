import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { ProtocolPage } from '../pages/protocol-page';
import { updateLine } from '../state/protocol-math';
import { product, protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { ActiveProtocolEditorContext, type ActiveProtocolEditor, type EditorProviderProps } from './active-protocol-source';
import { resetBuilderToasts } from './builder-toast-store';

const calls: string[] = [];
const shown = protocol(4, [product(11, '12.50', 2)], 'From the live document');

/** A stand-in for the live editor: the screens must use whatever editor the provider gives them. */
function FakeEditorProvider({ protocolId, children }: EditorProviderProps) {
  const editor: ActiveProtocolEditor = {
    protocolId,
    protocol: protocolId === 4 ? shown : null,
    status: protocolId === 4 ? 'ready' : 'idle',
    presence: [{ id: 'tab-2', name: 'Dr Ada (tablet)' }],
    rename: vi.fn(() => Promise.resolve(shown)),
    setDescription: vi.fn(() => Promise.resolve(shown)),
    setQuantity: (variantId, quantity) => {
      calls.push(`quantity ${variantId} ${quantity}`);
      return Promise.resolve(updateLine(shown, variantId, { quantity }));
    },
    setNotes: vi.fn(() => Promise.resolve(shown)),
    setSchedule: vi.fn(() => Promise.resolve(shown)),
    removeProduct: (variantId) => {
      calls.push(`remove ${variantId}`);
      return Promise.resolve(shown);
    },
    addProduct: vi.fn(() => Promise.resolve(shown)),
  };
  return <ActiveProtocolEditorContext value={editor}>{children}</ActiveProtocolEditorContext>;
}

describe('ActiveProtocolEditorContext', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    calls.length = 0;
  });
  afterEach(() => setTokens(null));

  it('lets another editor (the live one) replace REST without touching the screens, presence included', async () => {
    const api = protocolServer(server, [protocol(4, [], 'From REST')]);
    signInAs();
    const user = userEvent.setup();
    await renderBuilder(<ProtocolPage />, {
      url: '/en/account/practitioner/protocols/4',
      path: '/:lang/account/practitioner/protocols/:id',
      editorProvider: FakeEditorProvider,
    });
    expect(await screen.findByRole('heading', { name: 'From the live document', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Also editing:' })).getByText('Dr Ada (tablet)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add one Product 11' }));
    await user.click(screen.getByRole('button', { name: 'Remove Product 11 from the protocol' }));
    expect(calls).toEqual(['quantity 11 3', 'remove 11']);
    expect(api.writes()).toEqual([]);
    expect(api.calls('GET', '/v2/account/practitioners/protocols/4')).toEqual([]);
  });
});
