import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { PROFILE_KEY, type PractitionerProfile } from '../../../lib/session';

/** The session's profile keys are `[PROFILE_KEY, kind, owner]` (lib/session/session-provider.tsx). */
export function isProfileKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === PROFILE_KEY;
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
