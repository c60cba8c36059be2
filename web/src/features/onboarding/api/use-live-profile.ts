import { useCallback, useEffect } from 'react';
import { useSWRConfig } from 'swr';

import { registerRefetch, registerTopic } from '../../../lib/realtime';
import { PROFILE_KEY, type PractitionerProfile } from '../../../lib/session';
import { PROFILE_TOPICS } from './keys';

/** The session's profile keys are `[PROFILE_KEY, kind, owner]` (lib/session/session-provider.tsx). */
export function isProfileKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === PROFILE_KEY;
}

/**
 * Keeps the signed-in user's profile current while the calling screen is mounted: refetches it on
 * `profile.updated` and `milestones.updated` and whenever the socket asks for everything again. The
 * profile is the session's one copy, so everything reading it (the builder's sharing, the user type)
 * follows at once. `enabled` false registers nothing (signed out).
 */
export function useLiveProfile(enabled: boolean) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!enabled) return undefined;
    const revalidate = () => {
      void mutate(isProfileKey);
    };
    const stops = [...PROFILE_TOPICS.map((topic) => registerTopic(topic, revalidate)), registerRefetch(revalidate)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [enabled, mutate]);
}

const isPractitionerProfileKey = (key: unknown) => isProfileKey(key) && (key as unknown[])[1] === 'practitioner';

/** Puts a practitioner profile the server just answered (after an upload) into the session's cache. */
export function useStoreProfile() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (profile: PractitionerProfile) => mutate(isPractitionerProfileKey, profile, { revalidate: false }),
    [mutate],
  );
}
