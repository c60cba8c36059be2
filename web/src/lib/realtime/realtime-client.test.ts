import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../testing/msw-server';
import type { Tokens } from '../session/token-store';
import { getTokens, setTokens } from '../session/token-store';
import {
  BACKOFF_BASE_MS,
  backoffDelay,
  PING_INTERVAL_MS,
  RealtimeClient,
  STABLE_CONNECTION_MS,
  type SocketLike,
} from './realtime-client';
import { createTopicRegistry, type TopicRegistry } from './topic-registry';
import { deviceId } from '../api/device-id';

/** A WebSocket stand-in the test drives: it records what the client sends and plays the server. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: unknown[] = [];
  closedByClient: number | undefined;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  static last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number) {
    this.closedByClient = code;
    this.readyState = 3;
  }

  /** The server accepts and sends `ready`. */
  ready(seq: number, { userId = 7, sessionId = 'session-a' } = {}) {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.frame({ type: 'ready', user_id: userId, session_id: sessionId, seq });
  }

  frame(frame: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  event(seq: number, topic: string, data: unknown = {}) {
    this.frame({ type: 'event', seq, topic, data, at: '2026-01-01T00:00:00Z' });
  }

  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An access token shaped like ours (the client reads `sid` and `exp`, never the signature). */
function tokensFor(sid: string, { expiresInS = 3600 } = {}): Tokens {
  const exp = Math.floor(Date.now() / 1000) + expiresInS;
  return {
    accessToken: `${base64url({ alg: 'HS256' })}.${base64url({ sub: '7', sid, exp, typ: 'access' })}.sig`,
    refreshToken: `${sid}.secret`,
    userTypeId: 4,
  };
}

async function flush() {
  // Lets the ticket promise (and what it schedules) settle under fake timers.
  await vi.advanceTimersByTimeAsync(0);
}

describe('realtime client', () => {
  let registry: TopicRegistry;
  let fetchTicket: ReturnType<typeof vi.fn<() => Promise<string>>>;
  let client: RealtimeClient;
  let tickets: number;

  function createClient(random = () => 0) {
    client = new RealtimeClient({
      registry,
      fetchTicket,
      createSocket: (url) => new FakeSocket(url),
      socketUrl: (ticket) => `ws://shop.test/ws/events/?ticket=${ticket}`,
      random,
    });
    return client;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    registry = createTopicRegistry();
    tickets = 0;
    fetchTicket = vi.fn(() => Promise.resolve(`ticket-${++tickets}`));
    setTokens(tokensFor('session-a'));
  });

  afterEach(() => {
    client.stop();
    setTokens(null);
    vi.useRealTimers();
  });

  it('gets a ticket, opens the socket with it and reads ready', async () => {
    const refetch = vi.fn();
    registry.registerRefetch(refetch);
    createClient().start();
    expect(client.getStatus().state).toBe('connecting');
    await flush();

    expect(fetchTicket).toHaveBeenCalledTimes(1);
    const socket = FakeSocket.last();
    expect(socket.url).toBe('ws://shop.test/ws/events/?ticket=ticket-1');
    socket.ready(12);

    expect(client.getStatus()).toMatchObject({ state: 'open', lastSeq: 12, userId: 7, sessionId: 'session-a' });
    // The first connect refetches everything and does not resume.
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(socket.sent).toEqual([]);
  });

  it('stays signed out without tokens and connects when they appear', async () => {
    setTokens(null);
    createClient().start();
    await flush();
    expect(client.getStatus().state).toBe('signed-out');
    expect(fetchTicket).not.toHaveBeenCalled();

    setTokens(tokensFor('session-a'));
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('hands events to the registry and keeps the highest seq', async () => {
    const onCart = vi.fn();
    registry.registerTopic('cart.updated', onCart);
    createClient().start();
    await flush();
    const socket = FakeSocket.last();
    socket.ready(3);
    socket.event(4, 'cart.updated', { total_items: 2 });
    socket.event(6, 'wishlist.updated', { count: 1 });
    socket.event(5, 'cart.updated', { total_items: 9 }); // older than what we have: ignored

    expect(onCart).toHaveBeenCalledTimes(1);
    expect(onCart).toHaveBeenCalledWith({ total_items: 2 }, expect.objectContaining({ seq: 4 }));
    expect(client.getStatus().lastSeq).toBe(6);
  });

  it('maps a topic to the SWR keys registered for it', async () => {
    const revalidate = vi.fn();
    registry.registerSwrKey(['cart.updated'], '/v2/storefront/cart', revalidate);
    registry.registerSwrKey(['cart.updated'], '/v2/storefront/cart', revalidate); // a second component
    registry.registerSwrKey(['wishlist.updated'], '/v2/account/wishlist', revalidate);
    createClient().start();
    await flush();
    FakeSocket.last().ready(0);
    revalidate.mockClear();

    FakeSocket.last().event(1, 'cart.updated', { total_items: 1 });
    expect(revalidate.mock.calls).toEqual([['/v2/storefront/cart']]);
  });

  it("does not refetch the keys of an event this page's own call caused; another tab's or device's it does", async () => {
    const revalidate = vi.fn();
    const onCart = vi.fn();
    registry.registerSwrKey(['cart.updated'], '/v2/storefront/cart', revalidate, { skipOwnWrites: true });
    registry.registerTopic('cart.updated', onCart);
    createClient().start();
    await flush();
    FakeSocket.last().ready(0);
    revalidate.mockClear();

    FakeSocket.last().frame({ type: 'event', seq: 1, topic: 'cart.updated', data: { total_items: 1 }, device: deviceId(), at: 'now' });
    expect(revalidate).not.toHaveBeenCalled();
    expect(onCart).toHaveBeenCalledWith({ total_items: 1 }, expect.objectContaining({ ownWrite: true }));

    FakeSocket.last().frame({ type: 'event', seq: 2, topic: 'cart.updated', data: { total_items: 2 }, device: 'other-tab', at: 'now' });
    FakeSocket.last().frame({ type: 'event', seq: 3, topic: 'cart.updated', data: { total_items: 3 }, device: null, at: 'now' });
    expect(revalidate.mock.calls).toEqual([['/v2/storefront/cart'], ['/v2/storefront/cart']]);
  });

  it('after a drop reconnects with a new ticket and resumes from the last seq', async () => {
    const refetch = vi.fn();
    registry.registerRefetch(refetch);
    createClient().start();
    await flush();
    const first = FakeSocket.last();
    first.ready(10);
    first.event(11, 'cart.updated');
    first.serverClose(1006);
    expect(client.getStatus().state).toBe('reconnecting');

    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    const second = FakeSocket.last();
    expect(second).not.toBe(first);
    expect(second.url).toContain('ticket-2');
    second.ready(14);
    expect(second.sent).toEqual([{ type: 'resume', since: 11 }]);
    // Resuming replays what was missed instead of refetching everything.
    expect(refetch).toHaveBeenCalledTimes(1);
    second.event(12, 'cart.updated');
    expect(client.getStatus().lastSeq).toBe(12);
  });

  it('refetches everything on resync', async () => {
    const revalidate = vi.fn();
    registry.registerSwrKey(['cart.updated'], '/v2/storefront/cart', revalidate);
    registry.registerSwrKey(['wishlist.updated'], '/v2/account/wishlist', revalidate);
    createClient().start();
    await flush();
    FakeSocket.last().ready(1);
    revalidate.mockClear();

    FakeSocket.last().frame({ type: 'resync' });
    expect(revalidate.mock.calls.sort()).toEqual([['/v2/account/wishlist'], ['/v2/storefront/cart']]);
  });

  it('backs off exponentially with jitter while the server keeps refusing', async () => {
    fetchTicket.mockRejectedValue(new Error('network down'));
    createClient(() => 0.5).start();
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(1);

    // Attempt n waits between half and all of min(30 s, 1 s × 2ⁿ); with random 0.5, three quarters of it.
    const waits = [750, 1500, 3000, 6000, 12000, 22500, 22500];
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fetchTicket).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchTicket).toHaveBeenCalledTimes(index + 2);
    }
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(3, () => 0.999999)).toBe(8000);
  });

  it('resets the backoff only after a connection that lasted', async () => {
    createClient(() => 0).start();
    await flush();
    FakeSocket.last().ready(0);
    FakeSocket.last().serverClose(1011);
    expect(client.getStatus().attempt).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    FakeSocket.last().ready(0);
    FakeSocket.last().serverClose(1011); // ready, then dropped at once: keep backing off
    expect(client.getStatus().attempt).toBe(2);

    await vi.advanceTimersByTimeAsync(1000);
    FakeSocket.last().ready(0);
    await vi.advanceTimersByTimeAsync(STABLE_CONNECTION_MS);
    FakeSocket.last().serverClose(1011);
    expect(client.getStatus().attempt).toBe(1);
  });

  it('never reconnects after 4403', async () => {
    createClient().start();
    await flush();
    FakeSocket.last().serverClose(4403);
    expect(client.getStatus().state).toBe('stopped');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchTicket).toHaveBeenCalledTimes(1);

    // A refresh of the same login changes nothing either.
    setTokens(tokensFor('session-a'));
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(1);
  });

  it('after 4401 waits for new tokens instead of hammering', async () => {
    createClient().start();
    await flush();
    FakeSocket.last().ready(5);
    FakeSocket.last().serverClose(4401);
    expect(client.getStatus().state).toBe('waiting-for-tokens');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchTicket).toHaveBeenCalledTimes(1);

    setTokens(tokensFor('session-a')); // the session code refreshed them
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    FakeSocket.last().ready(6);
    expect(FakeSocket.last().sent).toEqual([{ type: 'resume', since: 5 }]);
  });

  it('after 4408 gets a new ticket', async () => {
    createClient().start();
    await flush();
    FakeSocket.last().serverClose(4408);
    expect(client.getStatus().state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    expect(FakeSocket.last().url).toContain('ticket-2');
  });

  it('waits for a refresh rather than asking a ticket with an expired access token', async () => {
    setTokens(tokensFor('session-a', { expiresInS: -10 }));
    createClient().start();
    await flush();
    expect(client.getStatus().state).toBe('waiting-for-tokens');
    expect(fetchTicket).not.toHaveBeenCalled();

    setTokens(tokensFor('session-a'));
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(1);
  });

  it('pings every 25 s and reconnects when the pings go unanswered', async () => {
    createClient().start();
    await flush();
    const socket = FakeSocket.last();
    socket.ready(0);

    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent).toEqual([{ type: 'ping' }]);
    socket.frame({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent).toEqual([{ type: 'ping' }, { type: 'ping' }]);

    // No pong this time: at the next tick the socket is given up and replaced.
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.closedByClient).toBe(1000);
    expect(client.getStatus().state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('closes the socket when the tokens are wiped', async () => {
    createClient().start();
    await flush();
    const socket = FakeSocket.last();
    socket.ready(3);
    setTokens(null);
    expect(socket.closedByClient).toBe(1000);
    expect(client.getStatus()).toMatchObject({ state: 'signed-out', lastSeq: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('keeps the socket on a token refresh of the same login and replaces it for another login', async () => {
    const refetch = vi.fn();
    registry.registerRefetch(refetch);
    createClient().start();
    await flush();
    FakeSocket.last().ready(3);

    setTokens(tokensFor('session-a'));
    await flush();
    expect(FakeSocket.all).toHaveLength(1);

    setTokens(tokensFor('session-b'));
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last().ready(9, { sessionId: 'session-b' });
    // Another login starts fresh: no resume into it, everything refetched.
    expect(FakeSocket.last().sent).toEqual([]);
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['session.logged_out' as const, { session_id: 'session-a', reason: 'logout' }],
    ['user.sessions_revoked' as const, { reason: 'password_reset' }],
  ])('%s wipes the tokens', async (topic, data) => {
    const handler = vi.fn();
    registry.registerTopic(topic, handler);
    createClient().start();
    await flush();
    FakeSocket.last().ready(1);
    FakeSocket.last().event(2, topic, data);
    expect(getTokens()).toBeNull();
    expect(handler).toHaveBeenCalled();
    expect(client.getStatus().state).toBe('signed-out');
  });

  it('keeps tokens of a newer login when an ended login is announced', async () => {
    createClient().start();
    await flush();
    FakeSocket.last().ready(1);
    const newer = tokensFor('session-b');
    // Written by another tab: no listener call here yet, as if the storage event were still on its way.
    window.localStorage.setItem('practitioner-supplements:tokens', JSON.stringify({ value: newer, expires: Date.now() + 60_000 }));
    FakeSocket.last().event(2, 'session.logged_out', { session_id: 'session-a', reason: 'logout' });
    expect(getTokens()).toEqual(newer);
  });

  it('gives up when the ticket call answers 403 (account disabled)', async () => {
    server.use(http.post('*/api/v2/realtime/ticket', () => HttpResponse.json({ message: 'no' }, { status: 403 })));
    client = new RealtimeClient({ registry, createSocket: (url) => new FakeSocket(url), random: () => 0 });
    client.start();
    await vi.waitFor(() => expect(client.getStatus().state).toBe('stopped'));
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('asks the API for the ticket with the bearer and opens the socket on this host', async () => {
    let authorization: string | null = null;
    server.use(
      http.post('*/api/v2/realtime/ticket', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ ticket: 'abc/+', expires_in: 30 });
      }),
    );
    client = new RealtimeClient({ registry, createSocket: (url) => new FakeSocket(url) });
    client.start();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(authorization).toBe(`Bearer ${getTokens()?.accessToken}`);
    expect(FakeSocket.last().url).toBe(`ws://${window.location.host}/ws/events/?ticket=abc%2F%2B`);
  });
});
