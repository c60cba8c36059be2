import { apiFetch } from '../../api/http';

/** POST /v2/account/logout: ends this login (session) on the server; its tokens stop working. */
export function postLogout(): Promise<{ message: string }> {
  return apiFetch('/v2/account/logout', { method: 'POST', auth: 'required' });
}
