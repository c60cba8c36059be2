import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import useSWR from 'swr';

import { toast } from '../../lib/toast/toast-store';
import { ApiError, TOKENS_EXPIRED } from '../api/http';
import { fetchProfile, profileKindOf, type Profile, type ProfileKind } from './api/profile';
import { registerRefetch, registerTopic } from '../realtime/topic-registry';
import { startRegionSync } from './region-sync';
import { ProfileContext, type ProfileContextValue } from './session-context';
import { subscribeAuthMessages } from './auth-channel';
import { getSessionState, subscribeSession } from './session-store';
import { accessTokenClaims } from './token-claims';
import { scheduleTokenRefresh } from './token-refresh';
import { useWakeLock } from './use-wake-lock';

/** SWR key prefix of the signed-in user's profile. */
export const PROFILE_KEY = 'session-profile';
type ProfileKey = readonly [typeof PROFILE_KEY, ProfileKind, string];

/**
 * Runs the session for the whole app: fetches the profile of the signed-in user, refreshes the
 * tokens while signed in, keeps the screen awake, and looks the visitor's region up. Mount it once,
 * inside the i18n provider (it never suspends); useSession() works without it but then has no profile.
 */
/**
 * Socket topics after which the signed-in user's profile is stale: an admin validated or rejected the
 * certificate (`profile.updated`, which may also change the user type and turn sharing on), or a milestone
 * was reached on any device (`milestones.updated`).
 */
const PROFILE_TOPICS = ['profile.updated', 'milestones.updated'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  // Read from context instead of useTranslation(): the provider must not suspend the app on texts.
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const { tokens, status } = useSyncExternalStore(subscribeSession, getSessionState, getSessionState);

  const kind: ProfileKind | null = tokens ? profileKindOf(tokens.userTypeId) : null;
  // Keyed by the user, not the token: a refresh every 55 minutes need not refetch the profile.
  const owner = tokens ? (accessTokenClaims(tokens.accessToken)?.sub ?? tokens.accessToken) : null;
  const onProfileError = useCallback(
    (error: unknown) => {
      // A 401 has ended the session already; there is no profile to miss.
      if (error instanceof ApiError && (error.message === TOKENS_EXPIRED || error.status === 401)) return;
      console.error('Profile fetch failed', error);
      if (!kind || !i18n) return;
      void i18n.loadNamespaces('auth').then(() => {
        const type = i18n.t(kind === 'client' ? 'session.profile-types.client' : 'session.profile-types.practitioner', {
          ns: 'auth',
        });
        toast.error(i18n.t('session.profile-failed', { ns: 'auth', type }));
      });
    },
    [i18n, kind],
  );
  const key: ProfileKey | null = kind && owner ? [PROFILE_KEY, kind, owner] : null;
  const { data, error, isLoading, mutate } = useSWR<Profile, unknown, ProfileKey | null>(
    key,
    ([, profileKind]) => fetchProfile(profileKind),
    { onError: onProfileError, shouldRetryOnError: false },
  );

  // On every page, not only the onboarding one: the builder's sharing and the header follow at once.
  const signedInAs = key === null ? null : key.join(' ');
  useEffect(() => {
    if (signedInAs === null) return undefined;
    const revalidate = () => void mutate();
    const stops = [...PROFILE_TOPICS.map((topic) => registerTopic(topic, revalidate)), registerRefetch(revalidate)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [signedInAs, mutate]);

  useEffect(() => (tokens ? scheduleTokenRefresh(tokens) : undefined), [tokens]);
  useWakeLock(status === 'loggedin');
  useEffect(() => startRegionSync(), []);
  // The channel only hears the other tabs: a sign-out there is news here, so it gets the longer notice.
  useEffect(
    () =>
      subscribeAuthMessages((type) => {
        if (type !== 'logout' || !i18n) return;
        void i18n.loadNamespaces('auth').then(() => toast.info(i18n.t('session.signed-out-elsewhere', { ns: 'auth' })));
      }),
    [i18n],
  );

  const reloadProfile = useCallback(() => void mutate(), [mutate]);
  const value = useMemo<ProfileContextValue>(
    () => ({
      profile: tokens ? (data ?? null) : null,
      profileError: tokens ? error : undefined,
      isProfileLoading: Boolean(tokens) && isLoading,
      reloadProfile,
    }),
    [tokens, data, error, isLoading, reloadProfile],
  );
  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}
