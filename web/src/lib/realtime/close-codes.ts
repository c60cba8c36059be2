/**
 * The close codes of our sockets, as the server sends them (realtime/close_codes.py; docs/api.md lists
 * them). A test holds this copy to the server's.
 */
export const CLOSE_CODES = {
  NOT_AUTHENTICATED: 4401,
  FORBIDDEN: 4403,
  TICKET_SPENT: 4408,
  // The protocol-document room: a frame that is not the y-websocket protocol, a protocol that is not the
  // caller's or does not exist, one deleted while open, a frame beyond the size limit, frames beyond the
  // rate limit.
  MALFORMED: 4400,
  NOT_FOUND: 4404,
  GONE: 4410,
  TOO_LARGE: 4413,
  TOO_MANY: 4429,
  SERVER_ERROR: 1011,
} as const;

/** Codes the browser side uses itself, never sent by the server. */
export const CLIENT_CLOSE_CODES = {
  /** A close we asked for (leaving the page, signing out). */
  NORMAL: 1000,
  /** What a browser reports when no connection could be made; also used when no ticket could be had. */
  ABNORMAL: 1006,
  /** We gave up on a socket that stopped answering pings. */
  PING_TIMEOUT: 4000,
} as const;
