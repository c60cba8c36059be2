import { apiFetch } from '../../api/http';
import type { Schemas } from '../../api/types';
import { USER_TYPES } from '../user-types';

export type PractitionerProfile = Schemas['PractitionerProfileOut'];
export type ClientProfile = Schemas['ClientProfileOut'];

export type Profile = PractitionerProfile | ClientProfile;
export type ProfileKind = 'practitioner' | 'client';

/** Spec section 6: clients read the client profile; every other type (admin included) the practitioner one. */
export function profileKindOf(userTypeId: number): ProfileKind {
  return userTypeId === USER_TYPES.CLIENT ? 'client' : 'practitioner';
}

/** GET /v2/account/practitioners/profile or /v2/account/clients/profile. */
export function fetchProfile(kind: ProfileKind, signal?: AbortSignal): Promise<Profile> {
  const path = kind === 'client' ? '/v2/account/clients/profile' : '/v2/account/practitioners/profile';
  return apiFetch<Profile>(path, { auth: 'required', signal });
}
