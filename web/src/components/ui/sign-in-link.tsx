import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { LocalizedLink } from './localized-link';

/**
 * The sign-in page with `?next=` set to this page (without its language segment, as the account menu
 * does), so signing in comes back here.
 */
export function SignInLink({ className, children }: { className?: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const back = `${pathname.replace(/^\/[^/]+/, '') || '/'}${search}`;
  return (
    <LocalizedLink className={className} to={`/login?next=${encodeURIComponent(back)}`}>
      {children}
    </LocalizedLink>
  );
}
