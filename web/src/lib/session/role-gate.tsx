import type { ReactNode } from 'react';

import { useSession } from './use-session';
import { isAllowed } from './user-types';

interface RoleGateProps {
  /** User types that see the children, or `'all'` for everyone (signed in or not). */
  allowed: readonly number[] | 'all';
  children: ReactNode;
  /** Shown instead when the user is not allowed (nothing by default). */
  fallback?: ReactNode;
}

/**
 * Spec docs/spec-coverage.md#s6-role-gate-shows-content: shows its content to the allowed user types,
 * otherwise the fallback.
 */
export function RoleGate({ allowed, children, fallback = null }: RoleGateProps) {
  const { user } = useSession();
  return <>{isAllowed(user?.userTypeId, allowed) ? children : fallback}</>;
}
