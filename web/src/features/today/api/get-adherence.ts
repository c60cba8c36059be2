import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { ADHERENCE_KEY, ADHERENCE_PATH, DAY_TOPICS, STREAK_DAYS } from './keys';
import type { OwnAdherence } from './types';

/** `GET /v2/account/clients/adherence?days=30`: the streak and each protocol's adherence. */
export function fetchOwnAdherence(): Promise<OwnAdherence> {
  return apiFetch<OwnAdherence>(ADHERENCE_PATH, { auth: 'required', query: { days: STREAK_DAYS } });
}

/** The client's streak, following their check-ins on any device. */
export function useOwnAdherence() {
  useRealtimeKey(DAY_TOPICS, ADHERENCE_KEY);
  return useSWR<OwnAdherence, unknown>(ADHERENCE_KEY, fetchOwnAdherence);
}
