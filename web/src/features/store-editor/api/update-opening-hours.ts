import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { OpeningRange, Store } from './types';

/** `PUT /v2/account/store/contact {opening_hours, timezone}` (the call's second variant). */
export function updateOpeningHours(openingHours: OpeningRange[], timezone: string): Promise<Store> {
  return apiFetch<Store>(`${STORE_PATH}/contact`, {
    method: 'PUT',
    auth: 'required',
    body: { opening_hours: openingHours, timezone },
  });
}
