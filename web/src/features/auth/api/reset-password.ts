import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';

export type ResetReply = Schemas['ResetOut'];

/** POST /v2/auth/reset-password/{token} {password, confirm_password}: signs the user in on success. */
export function postResetPassword(
  token: string,
  body: { password: string; confirm_password: string },
  language: string,
): Promise<ResetReply> {
  return apiFetch<ResetReply>(`/v2/auth/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
    auth: 'none',
    language,
  });
}

/**
 * Spec docs/spec-coverage.md#s8-reset-failure-invalid-token: the error a failed reset throws (its text is
 * translated for the page).
 */
export const INVALID_OR_EXPIRED_TOKEN = 'Invalid or expired token';

/** Password problems the server found (too common, too long...), which the form shows at the field. */
export class ResetPasswordRejected extends Error {
  constructor(readonly fieldErrors: Partial<Record<'password' | 'confirm_password', string>>) {
    super('The new password was not accepted');
    this.name = 'ResetPasswordRejected';
  }
}

/**
 * The reset as the page needs it: the new tokens, or ResetPasswordRejected for a password the
 * server refuses, or an Error 'Invalid or expired token' for everything else (used or unknown link).
 */
export async function resetPassword(
  token: string,
  body: { password: string; confirm_password: string },
  language: string,
): Promise<ResetReply> {
  try {
    return await postResetPassword(token, body, language);
  } catch (error) {
    const fields = fieldErrorsOf(error);
    if (fields.password || fields.confirm_password) throw new ResetPasswordRejected(fields);
    throw new Error(INVALID_OR_EXPIRED_TOKEN, { cause: error });
  }
}

function fieldErrorsOf(error: unknown): Partial<Record<'password' | 'confirm_password', string>> {
  const body = (error as { status?: number; body?: unknown } | null)?.body as
    | { errors?: Record<string, unknown> }
    | null
    | undefined;
  const errors = body?.errors ?? {};
  const join = (value: unknown) => (Array.isArray(value) ? value.map(String).join(' ') : undefined);
  return { password: join(errors.password), confirm_password: join(errors.confirm_password) };
}
