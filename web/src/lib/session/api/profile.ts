import { apiFetch } from '../../api/http';
import type { Schemas } from '../../api/types';
import { BUILDER_TYPES } from '../user-types';

export type PractitionerProfile = Schemas['PractitionerProfileOut'];
export type ClientProfile = Schemas['ClientProfileOut'];

export type Profile = PractitionerProfile | ClientProfile;
export type ProfileKind = 'practitioner' | 'client';

/**
 * Spec docs/spec-coverage.md#s6-profile-practitioner: practitioners (certified and plain) read the
 * practitioner profile, every other type the client one; an admin's is their name and e-mail, with no
 * practitioners and no milestones.
 */
export function profileKindOf(userTypeId: number): ProfileKind {
  return BUILDER_TYPES.includes(userTypeId) ? 'practitioner' : 'client';
}

/** GET /v2/account/practitioners/profile or /v2/account/clients/profile. */
export function fetchProfile(kind: ProfileKind, signal?: AbortSignal): Promise<Profile> {
  const path = kind === 'client' ? '/v2/account/clients/profile' : '/v2/account/practitioners/profile';
  return apiFetch<Profile>(path, { auth: 'required', signal });
}
