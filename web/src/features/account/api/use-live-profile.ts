import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

import { registerRefetch, registerTopic } from '../../../lib/realtime';
import { PROFILE_KEY } from '../../../lib/session';

/** Socket topics after which the profile (user type, certificate, milestones) is stale (docs/api.md). */
const PROFILE_TOPICS = ['profile.updated', 'milestones.updated'] as const;

/**
 * Refetches the session's profile (keys `[PROFILE_KEY, kind, owner]`) on those topics and on every
 * refetch-all, while the account hub is open, so its onboarding summary follows an admin's decision.
 */
export function useLiveProfile(enabled: boolean) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!enabled) return undefined;
    const revalidate = () => {
      void mutate((key: unknown) => Array.isArray(key) && key[0] === PROFILE_KEY);
    };
    const stops = [...PROFILE_TOPICS.map((topic) => registerTopic(topic, revalidate)), registerRefetch(revalidate)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [enabled, mutate]);
}
