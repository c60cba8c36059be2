import { useSyncExternalStore } from 'react';

import { getRealtimeStatus, subscribeRealtimeStatus } from './realtime';
import type { RealtimeStatus } from './realtime-client';

/** The socket's state, last seq and backoff attempt, for tests and diagnostics. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, getRealtimeStatus);
}
