import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { DAY_SETTINGS_PATH } from './keys';
import type { DaySettings } from './types';

/** `GET /v2/account/clients/day-settings`: whether the client gets their day by e-mail at 07:00. */
export function fetchDaySettings(): Promise<DaySettings> {
  return apiFetch<DaySettings>(DAY_SETTINGS_PATH, { auth: 'required' });
}

export function useDaySettings() {
  return useSWR<DaySettings, unknown>(DAY_SETTINGS_PATH, fetchDaySettings);
}
