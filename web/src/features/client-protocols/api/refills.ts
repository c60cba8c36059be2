import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { useRealtimeKey } from '../../../lib/realtime';
import { useSignedIn } from '../../../lib/session/use-signed-in';

/** A client's refill reminders for one protocol (docs/api.md, "Refill reminders"). */
export type RefillState = Schemas['RefillOut'];

export const REFILLS_PATH = '/v2/account/clients/refills';

/** A paid order plans a reminder, a reminder is sent, a protocol is shared or removed. */
export const REFILL_TOPICS = ['refill.due', 'order.updated', 'protocol.shared', 'client_protocol.deleted'] as const;

/** `GET /v2/account/clients/refills`: one entry per protocol shared with the caller. */
export function fetchRefills(): Promise<RefillState[]> {
  return apiFetch<RefillState[]>(REFILLS_PATH, { auth: 'required' });
}

export function useRefills(enabled = true) {
  const signedIn = useSignedIn();
  const key = signedIn && enabled ? REFILLS_PATH : null;
  useRealtimeKey(REFILL_TOPICS, key);
  return useSWR<RefillState[], unknown>(key, fetchRefills);
}

/** `PUT /v2/account/clients/protocols/{id}/refills`: on or off, and the days of notice (1 to 30). */
export function putRefill(protocolId: number, enabled: boolean, daysBefore: number): Promise<RefillState> {
  return apiFetch<RefillState>(`/v2/account/clients/protocols/${protocolId}/refills`, {
    method: 'PUT',
    auth: 'required',
    body: { enabled, days_before: daysBefore } satisfies Schemas['RefillIn'],
  });
}
