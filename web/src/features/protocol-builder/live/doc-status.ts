/** The live editor's connection as the screens see it. No Yjs code here, so it stays in the main bundle. */
import { CLOSE_CODES } from '../../../lib/realtime';

export type DocClosedReason =
  /** 4404: no such protocol, or not ours: back to the list. */
  | 'not-found'
  /** 4410: deleted while open (as `protocol.deleted`). */
  | 'deleted'
  /** 4403: the account is disabled. */
  | 'forbidden'
  /**
   * 4413: a frame over 1 MiB; 4400: a frame the server could not read; 4429: frames far beyond what an
   * editor sends. Editing goes on over REST.
   */
  | 'refused'
  /** The tokens were wiped (signed out). */
  | 'signed-out';

export type DocConnection =
  /** No protocol open. */
  | { state: 'idle' }
  /** Before the first sync: nothing of the document to show yet. */
  | { state: 'connecting' }
  | { state: 'synced' }
  /**
   * Synced before, now without a connection: edits go on in the document and reach the server with
   * the next sync. `waitingForTokens` after 4401: it reconnects when the session has new tokens;
   * otherwise a reconnect with backoff is under way.
   */
  | { state: 'offline'; waitingForTokens: boolean }
  | { state: 'closed'; reason: DocClosedReason; code: number | null };

/** Close codes after which reconnecting cannot help, and what they mean. */
const TERMINAL: ReadonlyMap<number, DocClosedReason> = new Map<number, DocClosedReason>([
  [CLOSE_CODES.NOT_FOUND, 'not-found'],
  [CLOSE_CODES.GONE, 'deleted'],
  [CLOSE_CODES.FORBIDDEN, 'forbidden'],
  [CLOSE_CODES.TOO_LARGE, 'refused'],
  [CLOSE_CODES.TOO_MANY, 'refused'],
  [CLOSE_CODES.MALFORMED, 'refused'],
]);

export function terminalReason(code: number): DocClosedReason | null {
  return TERMINAL.get(code) ?? null;
}

/**
 * Whether y-websocket may reconnect by itself (with a fresh ticket, see ticket-socket.ts) after the
 * server closed with `code`. Not after the terminal codes, nor after 4401, which needs new tokens
 * first; 4408 (ticket too old), 1011 and the rest are transient.
 */
export function mayReconnect(code: number): boolean {
  return terminalReason(code) === null && code !== CLOSE_CODES.NOT_AUTHENTICATED;
}
