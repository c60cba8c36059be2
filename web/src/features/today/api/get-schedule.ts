import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { DAY_TOPICS, SCHEDULE_PATH, scheduleKey } from './keys';
import type { Day } from './types';

/** `GET /v2/account/clients/schedule?date=`: what to take at each slot of a day (without a date: today). */
export function fetchSchedule(date: string | null): Promise<Day> {
  return apiFetch<Day>(SCHEDULE_PATH, { auth: 'required', query: { date } });
}

/**
 * One day (`null`: today, as the server counts it), following check-ins from the client's other devices and
 * every change to the protocols shared with them. `keepPrevious`: while another day loads, the day shown
 * before stays (its `date` says which it is).
 */
export function useSchedule(date: string | null, { keepPrevious = false }: { keepPrevious?: boolean } = {}) {
  const key = scheduleKey(date);
  useRealtimeKey(DAY_TOPICS, key);
  return useSWR<Day, unknown>(key, () => fetchSchedule(date), { keepPreviousData: keepPrevious });
}
