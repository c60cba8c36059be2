import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { createAnswer } from '../testing/api-capture';
import { product, protocol, schedule } from '../testing/protocol-fixtures';
import { addLine, readDocProtocol, setLineNotes, setLineSchedule } from './doc-protocol';
import { DocEditError } from './doc-view';
import { isPendingProduct } from './merge-protocol';
import { seedDoc } from './testing/docs';
import { FakeRoom, FakeRoomSocket } from './testing/fake-room';
import { answerTickets, nextSocket, tokensFor, type TicketLog } from './testing/harness';
import { useYjsProtocolEditor } from './use-yjs-protocol-editor';

const answer = createAnswer(server);
const PATH = '/v2/account/practitioners/protocols/5';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

let room: FakeRoom;
let log: TicketLog;

/** The REST protocol as the server has it: Sleep, 12 × 2 at 10.00 and 7 × 1 at 4.50. */
const restProtocol = () => protocol(5, [product(12, '10.00', 2), product(7, '4.50')], 'Sleep');

async function renderEditor() {
  const hook = renderHook(() => useYjsProtocolEditor(5), { wrapper });
  await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  return hook;
}

async function goLive(result: { current: ReturnType<typeof useYjsProtocolEditor> }) {
  const socket = await nextSocket(1);
  act(() => room.accept(socket));
  await waitFor(() => expect(result.current.live).toBe(true));
  return socket;
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeRoomSocket);
  FakeRoomSocket.reset();
  log = { tickets: [], bearers: [] };
  room = new FakeRoom();
  seedDoc(room.doc, { name: 'Sleep', description: 'About Sleep', lines: [{ variantId: 12, quantity: 2 }, { variantId: 7 }] });
  setTokens(tokensFor('session-a'));
  answerTickets(server, log);
  answer('get', PATH, restProtocol());
});

afterEach(() => {
  setTokens(null);
  vi.unstubAllGlobals();
});

describe('useYjsProtocolEditor', () => {
  it('works over REST until the document has synced', async () => {
    const { result } = await renderEditor();
    expect(result.current).toMatchObject({ live: false, link: 'rest', presence: [], connection: { state: 'connecting' } });
    const renamed = { ...restProtocol(), name: 'Deep sleep' };
    const sent = answer('put', `${PATH}/update`, { message: 'Saved.', data: renamed });
    await act(async () => {
      await result.current.rename('Deep sleep');
    });
    expect(sent[0]?.body).toEqual({ name: 'Deep sleep', description: null });
    expect(result.current.protocol?.name).toBe('Deep sleep');
  });

  it('edits the document once synced, merging cards and prices from REST', async () => {
    const { result } = await renderEditor();
    await goLive(result);
    expect(result.current.protocol?.products.map((p) => [p.product_variant_id, p.item_count, p.line_total])).toEqual([
      [12, 2, '20.00'],
      [7, 1, '4.50'],
    ]);
    const puts = answer('put', `${PATH}/products/update`, {});
    let after: Awaited<ReturnType<typeof result.current.setQuantity>> = null;
    await act(async () => {
      after = await result.current.setQuantity(7, 3);
    });
    expect(after).toMatchObject({ total_price: '33.50' });
    expect(result.current.protocol?.products[1]).toMatchObject({ item_count: 3, line_total: '13.50', name: 'Product 7' });
    await waitFor(() => expect(readDocProtocol(room.doc).lines[1]?.quantity).toBe(3));
    await act(async () => {
      await result.current.setNotes(12, 'with food');
      await result.current.rename('Deep sleep');
    });
    await waitFor(() => expect(readDocProtocol(room.doc)).toMatchObject({ name: 'Deep sleep' }));
    expect(readDocProtocol(room.doc).lines[0]?.notes).toBe('with food');
    expect(puts).toHaveLength(0);
  });

  it("writes only the slot a cell changes into the document, and shows another device's slot at once", async () => {
    const { result } = await renderEditor();
    await goLive(result);
    const map = () => (room.doc.getMap('items').get('7') as Y.Map<unknown>).get('schedule') as Y.Map<unknown>;
    const written: string[] = [];
    map().observe((event) => written.push(...event.keysChanged));
    let after: Awaited<ReturnType<typeof result.current.setSchedule>> = null;
    await act(async () => {
      after = await result.current.setSchedule(7, { slots: { dinner: 2 } });
    });
    expect(after).toMatchObject({ products: [{}, { schedule: { slots: { breakfast: 1, dinner: 2 } }, servings_per_day: 3 }] });
    await waitFor(() => expect(readDocProtocol(room.doc).lines[1]?.schedule?.slots).toEqual({ breakfast: 1, dinner: 2 }));
    expect(written).toEqual(['dinner']);
    // Another device changes another slot of the same line: both stay.
    act(() => room.serverEdit((doc) => setLineSchedule(doc, 7, { slots: { bedtime: 0.5 } }, schedule())));
    await waitFor(() =>
      expect(result.current.protocol?.products[1]).toMatchObject({
        schedule: { slots: { breakfast: 1, dinner: 2, bedtime: 0.5 } },
        servings_per_day: 3.5,
      }),
    );
    await expect(result.current.setSchedule(7, { slots: { breakfast: 0, dinner: 0, bedtime: 0 } })).rejects.toMatchObject({
      reason: 'invalid-schedule',
    });
  });

  it('shows the REST schedule for an item from before schedules, and gives it a map on its first edit', async () => {
    const rest = schedule({ slots: { breakfast: 1, dinner: 1 }, with_food: 'with' });
    answer('get', PATH, protocol(5, [product(12, '10.00', 2), { ...product(7, '4.50'), schedule: rest, servings_per_day: 2 }], 'Sleep'));
    room.serverEdit((doc) => (doc.getMap('items').get('7') as Y.Map<unknown>).delete('schedule'));
    const { result } = await renderEditor();
    await goLive(result);
    expect(result.current.protocol?.products[1]).toMatchObject({ schedule: rest, servings_per_day: 2 });
    await act(async () => {
      await result.current.setSchedule(7, { slots: { lunch: 1 } });
    });
    await waitFor(() =>
      expect(readDocProtocol(room.doc).lines[1]?.schedule).toEqual({ ...rest, slots: { breakfast: 1, lunch: 1, dinner: 1 } }),
    );
  });

  it('shows another device’s edits without reloading', async () => {
    const { result } = await renderEditor();
    await goLive(result);
    act(() => room.serverEdit((doc) => setLineNotes(doc, 7, 'at night')));
    await waitFor(() => expect(result.current.protocol?.products[1]?.notes).toBe('at night'));
  });

  it('shows a line REST does not know yet without a price, until the REST protocol refetches', async () => {
    const { result } = await renderEditor();
    await goLive(result);
    act(() => room.serverEdit((doc) => addLine(doc, { variantId: 30, quantity: 2, productId: 300 })));
    await waitFor(() => expect(result.current.protocol?.products).toHaveLength(3));
    const added = result.current.protocol?.products[0];
    expect(added && isPendingProduct(added)).toBe(true);
    expect(result.current.protocol).toMatchObject({ total_price: '24.50', product_count: 3 });
    // The server projected it and says so on the events socket.
    answer('get', PATH, protocol(5, [product(30, '1.00', 2), product(12, '10.00', 2), product(7, '4.50')], 'Sleep'));
    act(() => topicRegistry.dispatch({ topic: 'protocol.updated', data: { protocol_id: 5 } }));
    await waitFor(() => expect(result.current.protocol?.products[0]).toMatchObject({ name: 'Product 30', line_total: '2.00' }));
    expect(result.current.protocol?.total_price).toBe('26.50');
  });

  it('adds a product first and adds to the quantity of one already there', async () => {
    const { result } = await renderEditor();
    await goLive(result);
    await act(async () => {
      await result.current.addProduct(7, 2);
      await result.current.addProduct(40, 1, 'new');
    });
    expect(result.current.protocol?.products.map((p) => [p.product_variant_id, p.item_count, p.notes])).toEqual([
      [40, 1, 'new'],
      [12, 2, ''],
      [7, 3, ''],
    ]);
    await act(async () => {
      await result.current.moveProduct(40, 2);
      await result.current.removeProduct(12);
    });
    expect(result.current.protocol?.products.map((p) => p.product_variant_id)).toEqual([7, 40]);
  });

  it('rejects an edit the document refuses', async () => {
    const { result } = await renderEditor();
    await goLive(result);
    await expect(result.current.setQuantity(99, 2)).rejects.toBeInstanceOf(DocEditError);
    await expect(result.current.rename('  ')).rejects.toMatchObject({ reason: 'empty-name' });
  });

  it('is gone when the room says the protocol was deleted', async () => {
    const { result } = await renderEditor();
    const socket = await goLive(result);
    act(() => socket.serverClose(4410));
    await waitFor(() => expect(result.current.status).toBe('gone'));
    expect(result.current.live).toBe(false);
    // The copy it had is not shown any more: the screens say the protocol is gone.
    expect(result.current.protocol).toBeNull();
  });

  it('is gone when the REST protocol is, even before the room says so', async () => {
    const { result } = await renderEditor();
    await goLive(result);
    answer('get', PATH, { message: 'Not found.', code: 'not_found', errors: {} }, 404);
    act(() => topicRegistry.dispatch({ topic: 'protocol.deleted', data: { protocol_id: 5 } }));
    await waitFor(() => expect(result.current.status).toBe('gone'));
    expect(result.current.protocol).toBeNull();
  });

  it('keeps editing the document while offline', async () => {
    const { result } = await renderEditor();
    const socket = await goLive(result);
    expect(result.current.link).toBe('live');
    act(() => socket.serverClose(1006));
    expect(result.current).toMatchObject({ live: true, link: 'offline', connection: { state: 'offline', waitingForTokens: false } });
    await act(async () => {
      await result.current.setQuantity(12, 5);
    });
    expect(result.current.protocol?.products[0]?.item_count).toBe(5);
    const second = await nextSocket(2);
    act(() => room.accept(second));
    await waitFor(() => expect(readDocProtocol(room.doc).lines[0]?.quantity).toBe(5));
  });

  it('passes the others’ presence on', async () => {
    const { result } = await renderEditor();
    await goLive(result);
    act(() => {
      room.peerPresence({ name: 'Ana on the tablet', color: '#123456' });
    });
    await waitFor(() => expect(result.current.presence).toMatchObject([{ name: 'Ana on the tablet', color: '#123456' }]));
  });
});
