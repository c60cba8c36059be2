import { apiFetch } from '../../../lib/api/http';
import { USER_TYPES } from '../../../lib/session';

export type RegisterAs = 'practitioner' | 'client';

export interface RegisterBody {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone?: string;
  user_type_id?: number;
  health_profession?: number;
  expertise_level?: number;
  organisation_type?: number;
  /** The language of the activation e-mail and of the account. */
  language: string;
}

export interface RegisterReply {
  message: string;
  user_id: number;
}

/** Spec section 5: a missing user_type_id becomes 3 for a practitioner, otherwise 4. */
export function userTypeFor(as: RegisterAs, userTypeId?: number): number {
  return userTypeId ?? (as === 'practitioner' ? USER_TYPES.PRACTITIONER : USER_TYPES.CLIENT);
}

/** POST /v2/auth/register: creates an inactive account and e-mails its activation link. */
export function postRegister(as: RegisterAs, body: RegisterBody, language: string): Promise<RegisterReply> {
  return apiFetch<RegisterReply>('/v2/auth/register', {
    method: 'POST',
    body: { ...body, user_type_id: userTypeFor(as, body.user_type_id) },
    auth: 'none',
    language,
  });
}
