import { createContext } from 'react';

import type { Profile } from './api/profile';

/**
 * What SessionProvider adds to the stored session: the signed-in user's profile (spec:
 * docs/spec-coverage.md#s6-profile-practitioner).
 */
export interface ProfileContextValue {
  profile: Profile | null;
  profileError: unknown;
  isProfileLoading: boolean;
  reloadProfile: () => void;
}

export const ProfileContext = createContext<ProfileContextValue | null>(null);
