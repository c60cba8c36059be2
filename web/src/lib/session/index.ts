// The session's public face for features: import from 'src/lib/session'.
export type { ClientProfile, PractitionerProfile, Profile } from './api/profile';
export { profileKindOf } from './api/profile';
export { getLocation, useRegion, type Region } from './region';
export { RoleGate } from './role-gate';
export { PROFILE_KEY, SessionProvider } from './session-provider';
export { endSession, getSessionState, signIn } from './session-store';
export { refreshSession } from './token-refresh';
export type { Tokens } from './token-store';
export { useSession, type SessionUser } from './use-session';
export { BUILDER_TYPES, USER_TYPES } from './user-types';
