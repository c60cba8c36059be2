import { deviceId } from '../api/device-id';
import { ApiError } from '../api/http';
import { getTokens, setTokens, subscribeTokens, type Tokens } from '../session/token-store';
import { expiresAtOf, sessionIdOf } from '../session/token-claims';
import { CLIENT_CLOSE_CODES, CLOSE_CODES } from './close-codes';
import { fetchSocketTicket } from './socket-ticket';
import type { TopicRegistry } from './topic-registry';

/**
 * The tab's one events-socket client (docs/architecture.md, "The event log" and "The web app", docs/api.md "A client writer's loop"):
 * ticket → socket → `ready`; keeps the highest `seq`; after a drop reconnects with backoff and
 * `resume`s; refetches everything on the first connect and on `resync`; hands events to the topic
 * registry.
 */

export type RealtimeState =
  /** No tokens: nothing to connect for. */
  | 'signed-out'
  /** Getting a ticket or waiting for `ready`. */
  | 'connecting'
  | 'open'
  /** Dropped; a reconnect is scheduled (backoff). */
  | 'reconnecting'
  /** 4401 or an expired access token: reconnects when the tokens change (a refresh or a new sign-in). */
  | 'waiting-for-tokens'
  /** 4403 (account disabled): never reconnects for this login. */
  | 'stopped';

export interface RealtimeStatus {
  state: RealtimeState;
  /** The highest event number seen on this login (null before the first `ready`). */
  lastSeq: number | null;
  userId: number | null;
  sessionId: string | null;
  /** Failed attempts since the last stable connection (drives the backoff). */
  attempt: number;
  lastCloseCode: number | null;
}


export const PING_INTERVAL_MS = 25_000;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** A connection that lasted this long resets the backoff; shorter ones (ready, then 1011) keep growing it. */
export const STABLE_CONNECTION_MS = 30_000;

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface RealtimeClientOptions {
  registry: TopicRegistry;
  fetchTicket?: () => Promise<string>;
  createSocket?: (url: string) => SocketLike;
  socketUrl?: (ticket: string) => string;
  tokens?: {
    get: () => Tokens | null;
    set: (tokens: Tokens | null) => void;
    subscribe: (listener: (tokens: Tokens | null) => void) => () => void;
  };
  /** 0 ≤ random() < 1, for the jitter. */
  random?: () => number;
  now?: () => number;
}

function socketUrlFor(ticket: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/events/?ticket=${encodeURIComponent(ticket)}`;
}

/** Exponential, capped, with "equal jitter": half the step fixed, half random, so tabs do not reconnect in step. */
export function backoffDelay(attempt: number, random: () => number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(step / 2 + random() * (step / 2));
}

type Frame =
  | { type: 'ready'; user_id: number; session_id: string; seq: number }
  | { type: 'event'; seq: number; topic: string; data: unknown; at?: string; device?: string | null }
  | { type: 'resync' }
  | { type: 'pong' }
  | { type: 'error'; code?: string; message?: string };

function parseFrame(text: unknown): Frame | null {
  if (typeof text !== 'string') return null;
  try {
    const frame: unknown = JSON.parse(text);
    if (typeof frame !== 'object' || frame === null) return null;
    return typeof (frame as { type?: unknown }).type === 'string' ? (frame as Frame) : null;
  } catch {
    return null;
  }
}

export class RealtimeClient {
  private readonly registry: TopicRegistry;
  private readonly fetchTicket: () => Promise<string>;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly socketUrl: (ticket: string) => string;
  private readonly tokens: NonNullable<RealtimeClientOptions['tokens']>;
  private readonly random: () => number;
  private readonly now: () => number;

  private status: RealtimeStatus = {
    state: 'signed-out',
    lastSeq: null,
    userId: null,
    sessionId: null,
    attempt: 0,
    lastCloseCode: null,
  };
  private readonly listeners = new Set<() => void>();

  private running = false;
  /** Bumped by every (re)connect and teardown: late answers of an older attempt are ignored. */
  private generation = 0;
  private socket: SocketLike | null = null;
  /** The login the current attempt was made with (from the access token). */
  private connectSessionId: string | null = null;
  /** The login that got 4403: a different login may try again. */
  private stoppedSessionId: string | null = null;
  private readyAt: number | null = null;
  private awaitingPong = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private unsubscribeTokens: (() => void) | null = null;

  constructor(options: RealtimeClientOptions) {
    this.registry = options.registry;
    this.fetchTicket = options.fetchTicket ?? fetchSocketTicket;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.socketUrl = options.socketUrl ?? socketUrlFor;
    this.tokens = options.tokens ?? { get: getTokens, set: setTokens, subscribe: subscribeTokens };
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  getStatus(): RealtimeStatus {
    return this.status;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.unsubscribeTokens = this.tokens.subscribe(this.onTokens);
    window.addEventListener('online', this.onOnline);
    this.onTokens(this.tokens.get());
  }

  stop() {
    if (!this.running) return;
    this.running = false;
    this.unsubscribeTokens?.();
    this.unsubscribeTokens = null;
    window.removeEventListener('online', this.onOnline);
    this.teardown();
    this.update({ state: 'signed-out' });
  }

  private update(patch: Partial<RealtimeStatus>) {
    this.status = { ...this.status, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private readonly onTokens = (tokens: Tokens | null) => {
    if (!this.running) return;
    if (!tokens) {
      // Signed out: close, and forget the login so the next sign-in starts fresh (no resume).
      this.teardown();
      this.stoppedSessionId = null;
      this.update({ state: 'signed-out', lastSeq: null, userId: null, sessionId: null, attempt: 0 });
      return;
    }
    const sessionId = sessionIdOf(tokens.accessToken);
    switch (this.status.state) {
      case 'signed-out':
      case 'waiting-for-tokens':
        this.connect(true);
        return;
      case 'stopped':
        if (sessionId !== this.stoppedSessionId) this.connect(true);
        return;
      default:
        // A refresh of the same login keeps the socket (it lives as long as its login); another login
        // (a sign-in in another tab as someone else) needs its own socket.
        if (sessionId !== null && this.connectSessionId !== null && sessionId !== this.connectSessionId) {
          this.connect(true);
        }
    }
  };

  private readonly onOnline = () => {
    if (this.status.state === 'reconnecting') this.connect(false);
  };

  /** Closes the socket and stops every timer, without scheduling anything. */
  private teardown() {
    this.generation += 1;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.readyAt = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close(CLIENT_CLOSE_CODES.NORMAL);
      } catch {
        // Closing a socket that is still connecting may throw in some browsers; it is gone either way.
      }
    }
  }

  private connect(resetBackoff: boolean) {
    this.teardown();
    const generation = this.generation;
    const tokens = this.tokens.get();
    if (!tokens) {
      this.update({ state: 'signed-out' });
      return;
    }
    this.connectSessionId = sessionIdOf(tokens.accessToken);
    if (resetBackoff) this.update({ attempt: 0 });
    const expiresAt = expiresAtOf(tokens.accessToken);
    if (expiresAt !== null && expiresAt <= this.now()) {
      // Asking for a ticket with an expired token would answer 401, and a 401 wipes the tokens 
      // (spec: docs/spec-coverage.md#s8-401-auth-required-call): the session's own refresh is the one to fix
      // this, so wait for it.
      this.update({ state: 'waiting-for-tokens' });
      return;
    }
    this.update({ state: 'connecting' });
    this.fetchTicket().then(
      (ticket) => {
        if (generation !== this.generation) return;
        this.open(ticket, generation);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        if (error instanceof ApiError && error.status === 401) {
          // apiFetch has wiped the tokens already when they were refused; otherwise wait for new ones.
          if (this.tokens.get()) this.update({ state: 'waiting-for-tokens' });
          return;
        }
        if (error instanceof ApiError && error.status === 403) {
          this.stoppedSessionId = this.connectSessionId;
          this.update({ state: 'stopped' });
          return;
        }
        this.scheduleReconnect();
      },
    );
  }

  private open(ticket: string, generation: number) {
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.socketUrl(ticket));
    } catch (error) {
      console.warn('Could not open the events socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => {
      if (generation === this.generation) this.onFrame(event.data);
    };
    socket.onclose = (event) => {
      if (generation === this.generation) this.onClose(event.code);
    };
    // An error is always followed by a close; the close decides what happens next.
    socket.onerror = () => undefined;
  }

  private send(frame: object) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private onFrame(text: unknown) {
    const frame = parseFrame(text);
    // Any frame proves the connection alive, not only a pong.
    this.awaitingPong = false;
    if (!frame) return;
    switch (frame.type) {
      case 'ready':
        this.onReady(frame);
        return;
      case 'event':
        this.onEvent(frame);
        return;
      case 'resync':
        this.registry.refetchAll();
        return;
      case 'error':
        console.warn('Events socket refused a frame', frame.code, frame.message);
        return;
      default:
        return;
    }
  }

  private onReady(frame: Extract<Frame, { type: 'ready' }>) {
    const sessionId = String(frame.session_id);
    const { lastSeq, userId, sessionId: previousSessionId } = this.status;
    // Resume only within the same login: replaying the log into another login (same user, new sign-in)
    // would hand it e.g. the `user.sessions_revoked` that ended the previous one.
    const resuming = lastSeq !== null && userId === frame.user_id && previousSessionId === sessionId;
    this.readyAt = this.now();
    this.update({
      state: 'open',
      userId: frame.user_id,
      sessionId,
      lastSeq: resuming ? lastSeq : frame.seq,
      lastCloseCode: null,
    });
    this.startPing();
    if (resuming) this.send({ type: 'resume', since: lastSeq });
    else this.registry.refetchAll();
  }

  private onEvent(frame: Extract<Frame, { type: 'event' }>) {
    const { lastSeq } = this.status;
    if (typeof frame.seq === 'number') {
      // The server never sends an event twice on one socket; this guards a replay overlapping a live one.
      if (lastSeq !== null && frame.seq <= lastSeq) return;
      this.update({ lastSeq: frame.seq });
    }
    if (frame.topic === 'session.logged_out' || frame.topic === 'user.sessions_revoked') {
      this.onLoginEnded(frame);
    }
    // An event this page's own call caused: its answer is in this tab's cache already (no refetch).
    const ownWrite = typeof frame.device === 'string' && frame.device === deviceId();
    this.registry.dispatch({ topic: frame.topic, data: frame.data, seq: frame.seq, at: frame.at, ...(ownWrite ? { ownWrite } : {}) });
  }

  /**
   * `session.logged_out` / `user.sessions_revoked`: this login has ended, sign the tab out (the session
   * code reacts to the wiped tokens). Only when the tab still holds the tokens of the ended login: a
   * tab that has just signed in again (a password reset signs in) keeps its new tokens.
   */
  private onLoginEnded(frame: Extract<Frame, { type: 'event' }>) {
    const tokens = this.tokens.get();
    if (!tokens) return;
    const held = sessionIdOf(tokens.accessToken);
    const data = frame.data as { session_id?: unknown } | null;
    const ended =
      frame.topic === 'session.logged_out' && typeof data?.session_id === 'string'
        ? data.session_id
        : this.status.sessionId;
    if (held === null || ended === null || held === ended) this.tokens.set(null);
  }

  private onClose(code: number) {
    const wasStable = this.readyAt !== null && this.now() - this.readyAt >= STABLE_CONNECTION_MS;
    this.stopPing();
    this.socket = null;
    this.readyAt = null;
    this.update({ lastCloseCode: code, ...(wasStable ? { attempt: 0 } : {}) });
    if (code === CLOSE_CODES.FORBIDDEN) {
      this.stoppedSessionId = this.connectSessionId;
      this.update({ state: 'stopped' });
      return;
    }
    if (code === CLOSE_CODES.NOT_AUTHENTICATED) {
      // The login has ended or the token is stale: reconnecting with the same tokens would be refused
      // again, so wait until the session code refreshes them or signs in again.
      this.update({ state: 'waiting-for-tokens' });
      return;
    }
    // 4408 (ticket used or too old), 1006, 1011 and the rest: a new ticket, after a backoff.
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    this.teardown();
    const attempt = this.status.attempt;
    const delay = backoffDelay(attempt, this.random);
    this.update({ state: 'reconnecting', attempt: attempt + 1 });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect(false);
    }, delay);
  }

  private startPing() {
    this.stopPing();
    this.awaitingPong = false;
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong) {
        // No answer for a whole interval: the connection is dead even if the browser has not noticed.
        this.update({ lastCloseCode: CLIENT_CLOSE_CODES.PING_TIMEOUT });
        this.scheduleReconnect();
        return;
      }
      this.awaitingPong = true;
      this.send({ type: 'ping' });
    }, PING_INTERVAL_MS);
  }

  private stopPing() {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
