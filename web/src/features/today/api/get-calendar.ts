import { apiFetch } from '../../../lib/api/http';
import { CALENDAR_PATH } from './keys';
import type { CalendarFeed } from './types';

/**
 * `GET /v2/account/clients/calendar`: the secret address of the client's calendar feed. Asking makes one when
 * there is none, so it is asked for on the client's click, never on opening the page.
 */
export function getCalendar(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>(CALENDAR_PATH, { auth: 'required' });
}
