import { apiFetch } from '../../../lib/api/http';
import type { LoginReply } from './login';

const pending = new Map<string, Promise<LoginReply>>();

/**
 * POST /v2/auth/activate {token}. An activation token works once, so a second call for the same
 * token (React's development double effects, a quick remount) shares the first call's answer.
 */
export function postActivate(token: string, language: string): Promise<LoginReply> {
  let request = pending.get(token);
  if (!request) {
    request = apiFetch<LoginReply>('/v2/auth/activate', {
      method: 'POST',
      body: { token },
      auth: 'none',
      language,
    });
    pending.set(token, request);
    // Forget it after a while: the answer holds tokens and must not be replayed to a later visit.
    const forget = () => setTimeout(() => pending.delete(token), 10_000);
    request.then(forget, forget);
  }
  return request;
}
