import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { USER_TYPES } from '../../../lib/session';

export type RegisterAs = 'practitioner' | 'client';

type ReferenceField = 'health_profession' | 'expertise_level' | 'organisation_type';
/**
 * The call's body, except that the reference lists' ids are plain numbers: the form takes them from
 * GET /v2/auth/reference-data, and the server refuses an id it does not know. `language` is the language
 * of the activation e-mail and of the account.
 */
export type RegisterBody = Omit<Schemas['RegisterIn'], ReferenceField> & Partial<Record<ReferenceField, number>>;
export type RegisterReply = Schemas['RegisterOut'];

/**
 * Spec docs/spec-coverage.md#s5-registration-missing-user: a missing user_type_id becomes 3 for a
 * practitioner, otherwise 4.
 */
export function userTypeFor(as: RegisterAs, userTypeId?: number): number {
  return userTypeId ?? (as === 'practitioner' ? USER_TYPES.PRACTITIONER : USER_TYPES.CLIENT);
}

/** POST /v2/auth/register: creates an inactive account and e-mails its activation link. */
export function postRegister(as: RegisterAs, body: RegisterBody, language: string): Promise<RegisterReply> {
  return apiFetch<RegisterReply>('/v2/auth/register', {
    method: 'POST',
    body: { ...body, user_type_id: userTypeFor(as, body.user_type_id ?? undefined) },
    auth: 'none',
    language,
  });
}
