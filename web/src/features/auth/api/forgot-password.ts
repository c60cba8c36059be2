import { apiFetch } from '../../../lib/api/http';

/** POST /v2/auth/forgot-password {email}; the answer is the same whether the account exists or not. */
export function postForgotPassword(email: string, language: string): Promise<{ message: string }> {
  return apiFetch('/v2/auth/forgot-password', { method: 'POST', body: { email }, auth: 'none', language });
}
