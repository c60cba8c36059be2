/** Spec docs/spec-coverage.md#s6-user-types: the user types and the roles they stand for. */
export const USER_TYPES = {
  ADMIN: 1,
  CERTIFIED_PRACTITIONER: 2,
  PRACTITIONER: 3,
  CLIENT: 4,
} as const;

/** The types that have the protocol builder (certified and plain practitioners). */
export const BUILDER_TYPES: readonly number[] = [USER_TYPES.CERTIFIED_PRACTITIONER, USER_TYPES.PRACTITIONER];
/** The types that may share protocols (spec: docs/spec-coverage.md#s5-share-unavailable-disabled). */
export const SHARING_TYPES: readonly number[] = [USER_TYPES.ADMIN, USER_TYPES.CERTIFIED_PRACTITIONER];

/** The role gate's rule: `'all'` lets everyone in, signed in or not; a list needs a signed-in user of a listed type. */
export function isAllowed(userTypeId: number | null | undefined, allowed: readonly number[] | 'all'): boolean {
  if (allowed === 'all') return true;
  return userTypeId != null && allowed.includes(userTypeId);
}
