import { apiFetch } from '../api/http';
import type { Schemas } from '../api/types';

/**
 * `POST /v2/realtime/ticket` (docs/api.md "Opening it"): a single-use ticket, valid 30 s, for one socket,
 * the events socket or a protocol's room alike. Each connection asks for its own.
 */
export async function fetchSocketTicket(): Promise<string> {
  const reply = await apiFetch<Schemas['TicketOut']>('/v2/realtime/ticket', { method: 'POST', auth: 'required' });
  return reply.ticket;
}
