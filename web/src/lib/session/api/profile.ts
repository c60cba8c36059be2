import { apiFetch } from '../../api/http';
import { USER_TYPES } from '../user-types';

interface AccountFields {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  user_type_id: number;
  language: string;
}

export interface PractitionerProfile extends AccountFields {
  health_profession: number | null;
  expertise_level: number | null;
  organisation_type: number | null;
  phone: string;
  certificate_status: string;
  certificate_uploaded_at: string | null;
  can_share: boolean;
  clients_count: number;
  milestones: { id: number; reached_at: string }[];
}

export interface ClientProfile extends AccountFields {
  phone: string;
  practitioners: { id: number; first_name: string; last_name: string; discount_rate: string }[];
}

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
