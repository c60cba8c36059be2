/** What the live hook tests share: tokens shaped like ours, the ticket call on MSW, the sockets opened. */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';

import type { Tokens } from '../../../../lib/session/token-store';
import type { HandlerHost } from '../../testing/api-capture';
import { FakeRoomSocket } from './fake-room';

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An access token shaped like ours (the client reads `sid` and `exp`, never the signature). */
export function tokensFor(sid: string, { expiresInS = 3600 } = {}): Tokens {
  const exp = Math.floor(Date.now() / 1000) + expiresInS;
  return {
    accessToken: `${base64url({ alg: 'HS256' })}.${base64url({ sub: '7', sid, exp, typ: 'access' })}.sig`,
    refreshToken: `${sid}.secret`,
    userTypeId: 2,
  };
}

/** The tickets handed out, in order, and the bearer each was asked with. */
export interface TicketLog {
  tickets: string[];
  bearers: (string | null)[];
}

/**
 * `POST /v2/realtime/ticket` answering a new ticket each time (or `status` as an error). The MSW server
 * is passed in: this folder is type-checked with the app, which has no Node types.
 */
export function answerTickets(server: HandlerHost, log: TicketLog, status = 200) {
  server.use(
    http.post('*/api/v2/realtime/ticket', ({ request }) => {
      if (status !== 200) return HttpResponse.json({ message: 'No.' }, { status });
      const ticket = `ticket-${log.tickets.length + 1}`;
      log.tickets.push(ticket);
      log.bearers.push(request.headers.get('Authorization'));
      return HttpResponse.json({ ticket, expires_in: 30 });
    }),
  );
}

/**
 * Waits until `count` sockets have been opened, and returns the last. Reconnects wait out y-websocket's
 * backoff (200 ms, then 400, 800...), hence the longer wait than waitFor's default second.
 */
export async function nextSocket(count: number): Promise<FakeRoomSocket> {
  await waitFor(() => expect(FakeRoomSocket.all).toHaveLength(count), { timeout: 4000 });
  const socket = FakeRoomSocket.all[count - 1];
  if (!socket) throw new Error('no socket');
  return socket;
}
