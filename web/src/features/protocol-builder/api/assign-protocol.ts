import { apiFetch } from '../../../lib/api/http';
import { PROTOCOLS_PATH } from './keys';
import type { AssignInput, AssignReply } from './types';

/**
 * `POST /v2/account/practitioners/protocols/assign`: shares one protocol with one recipient (the web
 * app calls it once per recipient). A failure is thrown as the ApiError with status and body, so the
 * share screen can show the server's message (spec: docs/spec-coverage.md#s8-share-failure-toast-server).
 * A protocol over an upper intake level needs `limit_reason`, one the interaction rules say to avoid with
 * the client's medicines `warning_reason` (each a 422 `{errors: {<field>: ["required"]}}` without it).
 */
export function assignProtocol(input: AssignInput): Promise<AssignReply> {
  return apiFetch<AssignReply>(`${PROTOCOLS_PATH}/assign`, {
    method: 'POST',
    auth: 'required',
    body: {
      id: input.id,
      email: input.email ?? null,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      user_id: input.user_id ?? null,
      discount: input.discount ?? null,
      notes: input.notes ?? null,
      limit_reason: input.limit_reason ?? null,
      warning_reason: input.warning_reason ?? null,
    },
  });
}
