import { apiFetch } from '../../../lib/api/http';
import { CALENDAR_PATH } from './keys';
import type { Message } from './types';

/** `DELETE /v2/account/clients/calendar`: the address answers 404 from now on; the next `GET` makes a new one. */
export function revokeCalendar(): Promise<Message> {
  return apiFetch<Message>(CALENDAR_PATH, { method: 'DELETE', auth: 'required' });
}
