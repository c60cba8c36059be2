// The session's public face for features: import from 'src/lib/session'.
export type { ClientProfile, PractitionerProfile, Profile, ProfileKind } from './api/profile';
export { profileKindOf } from './api/profile';
export {
  currencyOf,
  dismissRegionNotice,
  getLocation,
  getRegion,
  setRegion,
  shouldOfferUkStore,
  useRegion,
  type Location,
  type Region,
} from './region';
export { RoleGate } from './role-gate';
export { PROFILE_KEY, SessionProvider } from './session-provider';
export {
  endSession,
  getSessionState,
  replaceTokens,
  signIn,
  signOut,
  subscribeSession,
  type SessionState,
  type SessionStatus,
  type SignOutResult,
} from './session-store';
export { refreshSession, TOKEN_REFRESH_MS } from './token-refresh';
export { getTokens, subscribeTokens, type Tokens } from './token-store';
export { useSession, type Session, type SessionUser } from './use-session';
export { BUILDER_TYPES, isAllowed, SHARING_TYPES, USER_TYPES, type UserTypeId } from './user-types';
