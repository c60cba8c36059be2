import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import type { Tokens } from '../../../lib/session';

/** `return_to`: a page of the commerce provider's store to land on, signed in there (the redirect reply). */
export type LoginBody = Schemas['LoginIn'];
export type LoginReply = Schemas['TokensOut'];

/** POST /v2/auth/login. No bearer: a stale session must not ride along with new credentials. */
export function postLogin(body: LoginBody, language: string): Promise<LoginReply> {
  return apiFetch<LoginReply>('/v2/auth/login', { method: 'POST', body, auth: 'none', language });
}

/** Spec docs/spec-coverage.md#s7-login: a refresh token equal to this marks a redirect reply. */
export const REDIRECT_MARKER = 'redirect';

/** A login answer the spec's rules refuse (spec: docs/spec-coverage.md#s5-login-redirect-reply-without). */
export class LoginReplyError extends Error {
  constructor(readonly reason: 'insecure-redirect' | 'redirect-without-token') {
    super(reason);
    this.name = 'LoginReplyError';
  }
}

export type LoginOutcome = { kind: 'tokens'; tokens: Tokens } | { kind: 'redirect'; url: string };

/**
 * Spec docs/spec-coverage.md#s5-redirect-urls-after-login, docs/spec-coverage.md#s7-login: when
 * `refresh_token` is "redirect", `access_token` is the URL to go to; it must be there and start with https
 * (anything else could send the user to a look-alike page).
 */
export function interpretLoginReply(reply: LoginReply): LoginOutcome {
  if (reply.refresh_token === REDIRECT_MARKER) {
    if (!reply.access_token) throw new LoginReplyError('redirect-without-token');
    if (!reply.access_token.startsWith('https://')) throw new LoginReplyError('insecure-redirect');
    return { kind: 'redirect', url: reply.access_token };
  }
  return {
    kind: 'tokens',
    tokens: {
      accessToken: reply.access_token,
      refreshToken: reply.refresh_token,
      userTypeId: reply.user_type_id,
    },
  };
}

/** Leaving the app for another site; an object so tests can watch it (jsdom cannot navigate). */
export const externalNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
