import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

import { toast } from '../../lib/toast/toast-store';
import type { Profile } from './api/profile';
import { ProfileContext } from './session-context';
import {
  getSessionState,
  signIn,
  signOut,
  subscribeSession,
  type SessionStatus,
  type SignOutResult,
} from './session-store';
import type { Tokens } from './token-store';

export interface SessionUser {
  userTypeId: number;
  /** The rest comes from the profile, once SessionProvider has fetched it. */
  id: number | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  profile: Profile | null;
  tokens: Tokens | null;
  isLoggingOut: boolean;
  isProfileLoading: boolean;
  profileError: unknown;
  signIn: (tokens: Tokens) => void;
  /** Signs out (server, this tab, the other tabs); shows the failed-to-logout toast when it could not. */
  signOut: () => Promise<SignOutResult>;
  reloadProfile: () => void;
}

const noop = () => undefined;

/** The signed-in user and the actions on the session (spec: docs/spec-coverage.md#s4-auth-states). */
export function useSession(): Session {
  const state = useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
  const context = useContext(ProfileContext);
  // Not useTranslation(): the role gate (on every price) must not need i18n or wait for it.
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();

  const signOutWithToast = useCallback(async () => {
    const result = await signOut();
    if (result === 'failed' && i18n) {
      await i18n.loadNamespaces('auth');
      toast.error(i18n.t('session.logout-failed', { ns: 'auth' }));
    }
    return result;
  }, [i18n]);

  const profile = state.tokens ? (context?.profile ?? null) : null;
  const user = useMemo<SessionUser | null>(() => {
    if (!state.tokens) return null;
    return {
      // The profile is fresher than the token (a validated certificate turns type 3 into 2).
      userTypeId: profile?.user_type_id ?? state.tokens.userTypeId,
      id: profile?.id ?? null,
      email: profile?.email ?? null,
      firstName: profile?.first_name ?? null,
      lastName: profile?.last_name ?? null,
    };
  }, [state.tokens, profile]);

  return {
    status: state.status,
    user,
    profile,
    tokens: state.tokens,
    isLoggingOut: state.isLoggingOut,
    isProfileLoading: context?.isProfileLoading ?? false,
    profileError: context?.profileError,
    signIn,
    signOut: signOutWithToast,
    reloadProfile: context?.reloadProfile ?? noop,
  };
}
