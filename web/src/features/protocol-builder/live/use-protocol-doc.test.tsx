import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ProfileContext } from '../../../lib/session/session-context';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { readDocProtocol, setLineQuantity } from './doc-protocol';
import { DocEditError } from './doc-view';
import { seedDoc } from './testing/docs';
import { FakeRoom, FakeRoomSocket } from './testing/fake-room';
import { answerTickets, nextSocket, tokensFor, type TicketLog } from './testing/harness';
import { useProtocolDoc } from './use-protocol-doc';

let log: TicketLog;
let room: FakeRoom;

async function openSynced(protocolId = 5) {
  const hook = renderHook(({ id }: { id: number | null }) => useProtocolDoc(id), { initialProps: { id: protocolId } });
  const socket = await nextSocket(1);
  act(() => room.accept(socket));
  await waitFor(() => expect(hook.result.current.connection).toEqual({ state: 'synced' }));
  return { ...hook, socket };
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeRoomSocket);
  FakeRoomSocket.reset();
  log = { tickets: [], bearers: [] };
  room = new FakeRoom();
  seedDoc(room.doc, { name: 'Sleep', description: 'Evening', lines: [{ variantId: 12, quantity: 2 }, { variantId: 7 }] });
  setTokens(tokensFor('session-a'));
  answerTickets(server, log);
});

afterEach(() => {
  setTokens(null);
  vi.unstubAllGlobals();
});

describe('useProtocolDoc', () => {
  it('opens the room with a fresh ticket and shows the document once synced', async () => {
    const { result } = renderHook(() => useProtocolDoc(5));
    expect(result.current).toMatchObject({ connection: { state: 'connecting' }, protocol: null });
    const socket = await nextSocket(1);
    expect(socket.url).toBe('ws://localhost:3000/ws/protocols/5/doc?ticket=ticket-1');
    expect(result.current.protocol).toBeNull();
    act(() => room.accept(socket));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'synced' }));
    expect(result.current.protocol).toEqual(readDocProtocol(room.doc));
    expect(result.current.protocol?.lines.map((line) => line.variantId)).toEqual([12, 7]);
  });

  it('is idle without a protocol and refuses edits before the first sync', async () => {
    const idle = renderHook(() => useProtocolDoc(null));
    expect(idle.result.current.connection).toEqual({ state: 'idle' });
    const { result } = renderHook(() => useProtocolDoc(5));
    await waitFor(() => expect(result.current.edits).not.toBeNull());
    expect(() => result.current.edits?.rename('New')).toThrow(DocEditError);
    expect(FakeRoomSocket.all).toHaveLength(1);
  });

  it('sends its edits to the room and shows the room’s edits', async () => {
    const { result } = await openSynced();
    act(() => {
      result.current.edits?.setQuantity(12, 4);
    });
    await waitFor(() => expect(readDocProtocol(room.doc).lines[0]?.quantity).toBe(4));
    expect(result.current.protocol?.lines[0]?.quantity).toBe(4);
    act(() => room.serverEdit((doc) => setLineQuantity(doc, 7, 9)));
    await waitFor(() => expect(result.current.protocol?.lines[1]?.quantity).toBe(9));
  });

  it('reconnects after a drop with a new ticket, and the edits made offline reach the room', async () => {
    const { result, socket } = await openSynced();
    act(() => socket.serverClose(1006));
    expect(result.current.connection).toEqual({ state: 'offline', waitingForTokens: false });
    // Still editable offline: the document keeps the edit and the next sync sends it.
    act(() => {
      result.current.edits?.setNotes(12, 'with food');
    });
    const second = await nextSocket(2);
    expect(second.ticket).toBe('ticket-2');
    expect(log.tickets).toHaveLength(2);
    act(() => room.accept(second));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'synced' }));
    await waitFor(() => expect(readDocProtocol(room.doc).lines[0]?.notes).toBe('with food'));
  });

  it('gets a new ticket after 4408 (ticket too old) and after 1011', async () => {
    const { socket } = await openSynced();
    act(() => socket.serverClose(4408));
    const second = await nextSocket(2);
    expect(second.ticket).toBe('ticket-2');
    act(() => room.accept(second));
    act(() => second.serverClose(1011));
    const third = await nextSocket(3);
    expect(third.ticket).toBe('ticket-3');
  });

  it('stops on 4404 and on 4410, telling why', async () => {
    const { result, socket } = await openSynced();
    act(() => socket.serverClose(4404));
    expect(result.current.connection).toEqual({ state: 'closed', reason: 'not-found', code: 4404 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(FakeRoomSocket.all).toHaveLength(1);
    expect(log.tickets).toHaveLength(1);

    FakeRoomSocket.reset();
    const other = renderHook(() => useProtocolDoc(6));
    const first = await nextSocket(1);
    act(() => first.serverClose(4410));
    expect(other.result.current.connection).toEqual({ state: 'closed', reason: 'deleted', code: 4410 });
  });

  it('waits for new tokens after 4401, then reconnects with a ticket asked with them', async () => {
    const { result, socket } = await openSynced();
    act(() => socket.serverClose(4401));
    expect(result.current.connection).toEqual({ state: 'offline', waitingForTokens: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(FakeRoomSocket.all).toHaveLength(1);
    const refreshed = tokensFor('session-a', { expiresInS: 7200 });
    act(() => setTokens(refreshed));
    const second = await nextSocket(2);
    expect(second.ticket).toBe('ticket-2');
    expect(log.bearers[1]).toBe(`Bearer ${refreshed.accessToken}`);
    act(() => room.accept(second));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'synced' }));
  });

  it('does not ask for a ticket with an expired token: it waits for the refresh', async () => {
    setTokens(tokensFor('session-a', { expiresInS: -10 }));
    const { result } = renderHook(() => useProtocolDoc(5));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'connecting' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log.tickets).toHaveLength(0);
    expect(FakeRoomSocket.all).toHaveLength(0);
    act(() => setTokens(tokensFor('session-a')));
    const socket = await nextSocket(1);
    act(() => room.accept(socket));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'synced' }));
  });

  it('stops when the ticket is refused with 403 (account disabled)', async () => {
    answerTickets(server, log, 403);
    const { result } = renderHook(() => useProtocolDoc(5));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'closed', reason: 'forbidden', code: 4403 }));
    expect(FakeRoomSocket.all).toHaveLength(0);
  });

  it('retries with backoff when the ticket cannot be had', async () => {
    answerTickets(server, log, 503);
    const { result } = renderHook(() => useProtocolDoc(5));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'connecting' }));
    answerTickets(server, log);
    const socket = await nextSocket(1);
    expect(socket.ticket).toBe('ticket-1');
  });

  it('closes on sign-out', async () => {
    const { result, socket } = await openSynced();
    act(() => setTokens(null));
    expect(result.current.connection).toEqual({ state: 'closed', reason: 'signed-out', code: null });
    expect(socket.closedByClient).toBe(true);
  });

  it('opens nothing when unmounted while its ticket is on the way', async () => {
    server.use(
      http.post('*/api/v2/realtime/ticket', async () => {
        await delay(150);
        return HttpResponse.json({ ticket: 'late', expires_in: 30 });
      }),
    );
    const { result, unmount } = renderHook(() => useProtocolDoc(5));
    await waitFor(() => expect(result.current.edits).not.toBeNull());
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(FakeRoomSocket.all).toHaveLength(0);
  });

  it('closes the room on unmount and when the protocol changes', async () => {
    const { socket, rerender, unmount } = await openSynced(5);
    rerender({ id: 6 });
    expect(socket.closedByClient).toBe(true);
    const second = await nextSocket(2);
    expect(second.url).toContain('/ws/protocols/6/doc?ticket=ticket-2');
    unmount();
    expect(second.closedByClient).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(FakeRoomSocket.all).toHaveLength(2);
  });
});

describe('presence', () => {
  const profile = {
    id: 7,
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Silva',
    user_type_id: 2,
    language: 'en',
    phone: '',
    practitioners: [],
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ProfileContext value={{ profile, profileError: null, isProfileLoading: false, reloadProfile: () => undefined }}>
      {children}
    </ProfileContext>
  );

  it('publishes this person’s name and colour and lists the others', async () => {
    const { result } = renderHook(() => useProtocolDoc(5), { wrapper });
    const socket = await nextSocket(1);
    act(() => room.accept(socket));
    await waitFor(() => expect(result.current.connection).toEqual({ state: 'synced' }));
    await waitFor(() =>
      expect([...room.awareness.getStates().values()]).toContainEqual({
        user: { name: 'Ana Silva', color: expect.stringMatching(/^#[0-9a-f]{6}$/) as unknown },
      }),
    );
    expect(result.current.presence).toEqual([]);
    let peer: ReturnType<FakeRoom['peerPresence']> | undefined;
    act(() => {
      peer = room.peerPresence({ name: 'Ana on the tablet', color: '#123456' });
    });
    await waitFor(() =>
      expect(result.current.presence).toEqual([
        { id: String(peer?.clientID), name: 'Ana on the tablet', color: '#123456' },
      ]),
    );
    // A drop forgets the others until the room greets this client again.
    act(() => socket.serverClose(1006));
    expect(result.current.presence).toEqual([]);
  });
});
