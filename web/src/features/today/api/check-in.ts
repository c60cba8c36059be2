import { apiFetch } from '../../../lib/api/http';
import { CHECK_INS_PATH } from './keys';
import type { CheckInBody, Day } from './types';

/**
 * `POST /v2/account/clients/check-ins`: one protocol's slot of a day taken or skipped (the same call again
 * changes nothing, another state replaces it). Answers the whole day.
 */
export function checkIn(body: CheckInBody): Promise<Day> {
  return apiFetch<Day>(CHECK_INS_PATH, { method: 'POST', auth: 'required', body });
}
