/**
 * One open protocol document: a Y.Doc bound to the room `/ws/protocols/<id>/doc` by the stock
 * y-websocket provider (docs/api.md "the protocol-document room"), its awareness, and the connection
 * state the screens show. This module and what it imports (Yjs, y-websocket) are loaded only when a
 * protocol is opened (use-protocol-doc.ts imports it dynamically), so they stay out of the main bundle.
 */
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';

import { CLOSE_CODES } from '../../../lib/realtime';
import type { LineSchedule } from '../api/types';
import type { SchedulePatch } from '../state/schedule';
import type { Tokens } from '../../../lib/session/token-store';
import { subscribeTokens } from '../../../lib/session/token-store';
import {
  addLine,
  moveLine,
  readDocProtocol,
  removeLine,
  renameProtocol,
  setLineNotes,
  setLineQuantity,
  setLineSchedule,
  setProtocolDescription,
} from './doc-protocol';
import { mayReconnect, terminalReason, type DocConnection } from './doc-status';
import { DocEditError, type AddLine, type DocProtocol } from './doc-view';
import { presenceOf, samePresence, type LivePresence, type PresenceUser } from './presence';
import { fetchRoomTicket, ticketSocketClass } from './ticket-socket';

export interface DocSnapshot {
  connection: DocConnection;
  /** Null until the first sync: an empty document is not the protocol. */
  protocol: DocProtocol | null;
  presence: readonly LivePresence[];
}

/** Each edit returns the document as it reads afterwards, or throws DocEditError. */
export interface DocEdits {
  rename(name: string): DocProtocol;
  setDescription(description: string): DocProtocol;
  setQuantity(variantId: number, quantity: number): DocProtocol;
  setNotes(variantId: number, notes: string): DocProtocol;
  /** Writes only the schedule entries the patch names; `fallback` stands in for an item without a readable map. */
  setSchedule(variantId: number, patch: SchedulePatch, fallback: LineSchedule): DocProtocol;
  removeProduct(variantId: number): DocProtocol;
  addProduct(line: AddLine): DocProtocol;
  moveProduct(variantId: number, toIndex: number): DocProtocol;
}

export interface ProtocolDocSessionOptions {
  protocolId: number;
  user: PresenceUser | null;
  /** `ws(s)://<host>/ws/protocols` by default. */
  serverUrl?: string;
  fetchTicket?: () => Promise<string>;
  WebSocketImpl?: typeof WebSocket;
  /** Hears new tokens (after 4401) and sign-outs; the session's token store by default. */
  subscribeTokens?: (listener: (tokens: Tokens | null) => void) => () => void;
}

/** y-websocket backs off 2^n × 100 ms after each failed attempt; each attempt costs a ticket, so cap it here. */
export const MAX_BACKOFF_MS = 10_000;
/**
 * y-websocket drops a connection that heard nothing for 30 s. The room does not echo a client's own
 * awareness, so a client alone in it would hear nothing and reconnect every 30 s; a sync step 1 every
 * 15 s is answered by the server and keeps the connection (and catches up anything missed).
 */
export const RESYNC_MS = 15_000;

function defaultServerUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/protocols`;
}

export class ProtocolDocSession {
  readonly doc = new Y.Doc();
  private readonly provider: WebsocketProvider;
  private readonly listeners = new Set<() => void>();
  private readonly stopTokens: () => void;
  private snapshot: DocSnapshot = { connection: { state: 'connecting' }, protocol: null, presence: [] };
  private hasSynced = false;
  /** After 4401: the provider stays closed until the session has new tokens. */
  private awaitingTokens = false;
  private destroyed = false;

  constructor({ protocolId, user, serverUrl, fetchTicket, WebSocketImpl, subscribeTokens: subscribe }: ProtocolDocSessionOptions) {
    this.provider = new WebsocketProvider(serverUrl ?? defaultServerUrl(), `${protocolId}/doc`, this.doc, {
      connect: false,
      WebSocketPolyfill: ticketSocketClass({
        fetchTicket: fetchTicket ?? fetchRoomTicket,
        WebSocketImpl: WebSocketImpl ?? WebSocket,
      }),
      shouldReconnect: (event) => mayReconnect(event.code),
      maxBackoffTime: MAX_BACKOFF_MS,
      resyncInterval: RESYNC_MS,
      // Tabs of one browser sync through the server like any device; one path is easier to reason about.
      disableBc: true,
    });
    this.provider.on('sync', this.onSync);
    this.provider.on('status', this.onStatus);
    this.provider.on('connection-close', this.onConnectionClose);
    this.provider.awareness.on('change', this.onAwareness);
    this.doc.on('update', this.onUpdate);
    this.setUser(user);
    this.stopTokens = (subscribe ?? subscribeTokens)(this.onTokens);
    window.addEventListener('online', this.onOnline);
    this.provider.connect();
  }

  getSnapshot = (): DocSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** What the others see of this client; null hides it (e.g. before the profile has loaded). */
  setUser(user: PresenceUser | null) {
    const current: unknown = this.provider.awareness.getLocalState()?.user;
    const same = current && typeof current === 'object' && user && JSON.stringify(current) === JSON.stringify(user);
    if (!same) this.provider.awareness.setLocalStateField('user', user);
  }

  readonly edits: DocEdits = {
    rename: (name) => this.edit(() => renameProtocol(this.doc, name)),
    setDescription: (description) => this.edit(() => setProtocolDescription(this.doc, description)),
    setQuantity: (variantId, quantity) => this.edit(() => setLineQuantity(this.doc, variantId, quantity)),
    setNotes: (variantId, notes) => this.edit(() => setLineNotes(this.doc, variantId, notes)),
    setSchedule: (variantId, patch, fallback) => this.edit(() => setLineSchedule(this.doc, variantId, patch, fallback)),
    removeProduct: (variantId) => this.edit(() => removeLine(this.doc, variantId)),
    addProduct: (line) => this.edit(() => addLine(this.doc, line)),
    moveProduct: (variantId, toIndex) => this.edit(() => moveLine(this.doc, variantId, toIndex)),
  };

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    window.removeEventListener('online', this.onOnline);
    this.stopTokens();
    this.provider.awareness.off('change', this.onAwareness);
    this.doc.off('update', this.onUpdate);
    // Tells the others this client has left, then closes the socket.
    this.provider.destroy();
    this.provider.awareness.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  /** Edits wait for the first sync: written into an empty document they would compete with the server's. */
  private edit(change: () => void): DocProtocol {
    if (this.destroyed || !this.hasSynced) throw new DocEditError('not-synced');
    change();
    return readDocProtocol(this.doc);
  }

  private update(patch: Partial<DocSnapshot>) {
    if (this.destroyed) return;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private setConnection(connection: DocConnection) {
    const current = this.snapshot.connection;
    if (JSON.stringify(current) !== JSON.stringify(connection)) this.update({ connection });
  }

  /** Connecting before the first sync, offline after it. */
  private notSynced(waitingForTokens = false): DocConnection {
    return this.hasSynced ? { state: 'offline', waitingForTokens } : { state: 'connecting' };
  }

  private readonly onSync = (synced: boolean) => {
    if (!synced) return;
    this.hasSynced = true;
    this.update({ protocol: readDocProtocol(this.doc), connection: { state: 'synced' } });
  };

  private readonly onUpdate = () => {
    if (this.hasSynced) this.update({ protocol: readDocProtocol(this.doc) });
  };

  /** A new attempt (the closes are handled by onConnectionClose, which knows the code). */
  private readonly onStatus = ({ status }: { status: 'connected' | 'disconnected' | 'connecting' }) => {
    if (status === 'connecting' && this.snapshot.connection.state !== 'closed') this.setConnection(this.notSynced());
  };

  private readonly onConnectionClose = (event: CloseEvent | null) => {
    if (this.snapshot.connection.state === 'closed' || this.destroyed) return;
    // null: closed by the provider itself (its watchdog), which reconnects.
    const code = event?.code ?? null;
    const reason = code === null ? null : terminalReason(code);
    if (code !== null && reason !== null) {
      this.setConnection({ state: 'closed', reason, code });
    } else if (code === CLOSE_CODES.NOT_AUTHENTICATED) {
      // The provider stays closed (mayReconnect); onTokens connects again once the session has new tokens.
      this.awaitingTokens = true;
      this.setConnection(this.notSynced(true));
    } else {
      this.setConnection(this.notSynced());
    }
  };

  private readonly onTokens = (tokens: Tokens | null) => {
    const { connection } = this.snapshot;
    if (!tokens) {
      if (connection.state === 'closed') return;
      this.awaitingTokens = false;
      this.setConnection({ state: 'closed', reason: 'signed-out', code: null });
      this.provider.disconnect();
      return;
    }
    const signedOut = connection.state === 'closed' && connection.reason === 'signed-out';
    if (this.awaitingTokens || signedOut) {
      this.awaitingTokens = false;
      this.setConnection(this.notSynced());
      this.provider.connect();
    }
  };

  /** Back online: connect now rather than when the backoff ends (the pending attempt then finds a socket). */
  private readonly onOnline = () => {
    if (this.provider.shouldConnect && this.snapshot.connection.state !== 'synced') this.provider.connect();
  };

  private readonly onAwareness = () => {
    const presence = presenceOf(this.provider.awareness.getStates(), this.doc.clientID);
    if (!samePresence(presence, this.snapshot.presence)) this.update({ presence });
  };
}
