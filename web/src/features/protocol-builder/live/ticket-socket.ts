/**
 * A WebSocket that asks for a fresh ticket before it connects, given to y-websocket as its
 * `WebSocketPolyfill`. The provider creates a new socket for every (re)connection, synchronously, with
 * the room's URL; tickets are single use and live 30 s (docs/api.md "Opening it"), so each socket gets
 * its own one at that moment, whoever started the connection (the provider's backoff, its watchdog, or
 * us after new tokens). The provider keeps its own reconnect logic; this only adds the ticket.
 */
import { ApiError } from '../../../lib/api/http';
import { CLIENT_CLOSE_CODES, CLOSE_CODES, fetchSocketTicket } from '../../../lib/realtime';
import { expiresAtOf } from '../../../lib/session/token-claims';
import { getTokens } from '../../../lib/session/token-store';

/** A ticket could not be had; `code` is the close code the socket reports for it. */
export class TicketRefused extends Error {
  constructor(readonly code: number) {
    super(`No ticket for the protocol room (${code}).`);
    this.name = 'TicketRefused';
  }
}

/**
 * `POST /v2/realtime/ticket` with the access token. Not with an expired one: its 401 would wipe the
 * tokens and sign the user out (spec: docs/spec-coverage.md#s8-401-auth-required-call), while the session's
 * own refresh is about to replace it; so that case reports 4401 at once and the editor waits for the new
 * tokens.
 */
export async function fetchRoomTicket(): Promise<string> {
  const tokens = getTokens();
  const expiresAt = tokens ? expiresAtOf(tokens.accessToken) : null;
  if (!tokens || (expiresAt !== null && expiresAt <= Date.now())) throw new TicketRefused(CLOSE_CODES.NOT_AUTHENTICATED);
  try {
    return await fetchSocketTicket();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new TicketRefused(CLOSE_CODES.NOT_AUTHENTICATED);
    if (error instanceof ApiError && error.status === 403) throw new TicketRefused(CLOSE_CODES.FORBIDDEN);
    throw error;
  }
}

export interface TicketSocketOptions {
  fetchTicket: () => Promise<string>;
  /** The real socket (a fake one in tests). */
  WebSocketImpl: typeof WebSocket;
}

function withTicket(url: string, ticket: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('ticket', ticket);
  return parsed.toString();
}

type Handler<E extends Event> = ((this: WebSocket, event: E) => unknown) | null;

/** A WebSocket class whose instances fetch a ticket, then connect to their URL with it. */
export function ticketSocketClass({ fetchTicket, WebSocketImpl }: TicketSocketOptions): typeof WebSocket {
  return class TicketSocket extends EventTarget implements WebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;

    readonly url: string;
    readyState: WebSocket['readyState'] = 0;
    binaryType: BinaryType = 'blob';
    protocol = '';
    extensions = '';
    onopen: Handler<Event> = null;
    onmessage: Handler<MessageEvent> = null;
    onclose: Handler<CloseEvent> = null;
    onerror: Handler<Event> = null;
    private socket: WebSocket | null = null;

    constructor(url: string | URL, protocols?: string | string[]) {
      super();
      this.url = String(url);
      void this.start(protocols);
    }

    get bufferedAmount(): number {
      return this.socket?.bufferedAmount ?? 0;
    }

    private async start(protocols: string | string[] | undefined) {
      let ticket: string;
      try {
        ticket = await fetchTicket();
      } catch (error) {
        this.finish(error instanceof TicketRefused ? error.code : CLIENT_CLOSE_CODES.ABNORMAL, 'No ticket');
        return;
      }
      // Closed while the ticket was on its way: the ticket stays unused and expires.
      if (this.readyState !== this.CONNECTING) return;
      const socket = new WebSocketImpl(withTicket(this.url, ticket), protocols);
      socket.binaryType = this.binaryType;
      this.socket = socket;
      socket.onopen = () => {
        this.readyState = this.OPEN;
        this.protocol = socket.protocol;
        this.emit(new Event('open'), this.onopen);
      };
      socket.onmessage = (event) => this.emit(new MessageEvent('message', { data: event.data as unknown }), this.onmessage);
      socket.onerror = () => this.emit(new Event('error'), this.onerror);
      socket.onclose = (event) => this.finish(event.code, event.reason, event.wasClean);
    }

    private emit<E extends Event>(event: E, handler: Handler<E>) {
      handler?.call(this, event);
      this.dispatchEvent(event);
    }

    private finish(code: number, reason: string, wasClean = false) {
      if (this.readyState === this.CLOSED) return;
      this.readyState = this.CLOSED;
      if (this.socket) this.socket.onopen = this.socket.onmessage = this.socket.onerror = this.socket.onclose = null;
      this.emit(new CloseEvent('close', { code, reason, wasClean }), this.onclose);
    }

    send(data: Parameters<WebSocket['send']>[0]) {
      if (!this.socket || this.readyState !== this.OPEN) throw new DOMException('The socket is not open.', 'InvalidStateError');
      this.socket.send(data);
    }

    close(code?: number, reason?: string) {
      if (this.readyState === this.CLOSED || this.readyState === this.CLOSING) return;
      const socket = this.socket;
      if (!socket) {
        // Still waiting for the ticket: as a browser closes a socket that is connecting.
        queueMicrotask(() => this.finish(CLIENT_CLOSE_CODES.ABNORMAL, ''));
        this.readyState = this.CLOSING;
        return;
      }
      this.readyState = this.CLOSING;
      socket.onclose = (event) => this.finish(event.code, event.reason, event.wasClean);
      socket.close(code, reason);
    }
  };
}
