import { useEffect, type ReactNode } from 'react';

import { startRealtime } from './realtime';

/**
 * Keeps the tab's events socket running while mounted (it connects only when there are tokens).
 * Mount it once near the root, inside nothing that remounts on navigation.
 */
export function RealtimeProvider({ children }: { children?: ReactNode }) {
  useEffect(() => startRealtime(), []);
  return children;
}
