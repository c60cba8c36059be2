import { apiFetch } from '../../api/http';
import type { Schemas } from '../../api/types';

export type TokensReply = Schemas['TokensOut'];

/** POST /v2/auth/token-refresh with the refresh token as bearer: a new pair (the old refresh token dies). */
export function postTokenRefresh(refreshToken: string): Promise<TokensReply> {
  return apiFetch('/v2/auth/token-refresh', { method: 'POST', auth: 'optional', bearer: refreshToken });
}
