/**
 * Reads claims of our access token (DESIGN section 7: `sid` is the login, `exp` the expiry) without
 * checking its signature: the client only uses them to decide when to (re)connect, never to trust anyone.
 */
function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const value: unknown = JSON.parse(atob(padded));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The login (session id) an access token belongs to, or null when it cannot be read. */
export function sessionIdOf(accessToken: string): string | null {
  const sid = claimsOf(accessToken)?.sid;
  return typeof sid === 'string' || typeof sid === 'number' ? String(sid) : null;
}

/** When the access token expires (ms since the epoch), or null when it does not say. */
export function expiresAtOf(accessToken: string): number | null {
  const exp = claimsOf(accessToken)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}
