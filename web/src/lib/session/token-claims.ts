/**
 * The readable part of the access token (a JWT, docs/architecture.md, "Accounts, tokens and socket tickets"). The browser never verifies it:
 * it only reads when the token expires (to refresh before that) and whose it is (to key caches).
 */
export interface AccessTokenClaims {
  sub?: string;
  sid?: string;
  ut?: number;
  exp?: number;
}

export function accessTokenClaims(token: string): AccessTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims = JSON.parse(json) as unknown;
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/** The login (session id) an access token belongs to, or null when it cannot be read. */
export function sessionIdOf(accessToken: string): string | null {
  const sid: unknown = accessTokenClaims(accessToken)?.sid;
  return typeof sid === 'string' || typeof sid === 'number' ? String(sid) : null;
}

/** When the access token expires (ms since the epoch), or null when it does not say. */
export function expiresAtOf(accessToken: string): number | null {
  const exp: unknown = accessTokenClaims(accessToken)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The user an access token belongs to (`sub`), or null when it cannot be read. */
export function userIdOf(accessToken: string): string | null {
  const sub: unknown = accessTokenClaims(accessToken)?.sub;
  return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
}
