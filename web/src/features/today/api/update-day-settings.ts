import { apiFetch } from '../../../lib/api/http';
import { DAY_SETTINGS_PATH } from './keys';
import type { DaySettings } from './types';

/** `PUT /v2/account/clients/day-settings`: the daily e-mail on or off. */
export function updateDaySettings(settings: DaySettings): Promise<DaySettings> {
  return apiFetch<DaySettings>(DAY_SETTINGS_PATH, { method: 'PUT', auth: 'required', body: settings });
}
