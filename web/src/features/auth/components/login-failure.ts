import { ApiError } from '../../../lib/api/http';
import { endSession, refreshSession } from '../../../lib/session';
import { LoginReplyError } from '../api/login';

export type LoginErrorKey =
  | 'invalid-credentials'
  | 'insecure-redirect'
  | 'redirect-without-token'
  | 'server'
  | 'unhandled';

/** What the sign-in form does after a failed login: show a message (the server's when it has one). */
export type LoginFailure =
  | { kind: 'signed-in' }
  | { kind: 'error'; key: LoginErrorKey; serverMessage?: string };

/**
 * Spec docs/spec-coverage.md#s8-login-400-server-message, login: 400 shows the server message or the
 * invalid-credentials text; 401 logs out; 422 tries a token refresh and logs out when that fails; 500 logs
 * out; every other status logs out with 'Unhandled login error, check console for details.'. Decisions where
 * the spec is silent: 401 and 422 also show the server message (or the invalid-credentials text) and 500 a
 * server-error text, so the form never fails without a word; 429 (sign-in locked after repeated failures)
 * shows the server's message, which says how long to wait.
 */
export async function resolveLoginFailure(error: unknown): Promise<LoginFailure> {
  if (error instanceof LoginReplyError) return { kind: 'error', key: error.reason };
  if (!(error instanceof ApiError)) {
    endSession();
    console.error('Login failed', error);
    return { kind: 'error', key: 'unhandled' };
  }
  switch (error.status) {
    case 400:
      return { kind: 'error', key: 'invalid-credentials', serverMessage: error.serverMessage };
    case 401:
      endSession();
      return { kind: 'error', key: 'invalid-credentials', serverMessage: error.serverMessage };
    case 422:
      if ((await refreshSession()) === 'refreshed') return { kind: 'signed-in' };
      endSession();
      return { kind: 'error', key: 'invalid-credentials', serverMessage: error.serverMessage };
    case 429:
      endSession();
      return { kind: 'error', key: 'unhandled', serverMessage: error.serverMessage };
    case 500:
      endSession();
      return { kind: 'error', key: 'server' };
    default:
      endSession();
      console.error('Unhandled login error', error);
      return { kind: 'error', key: 'unhandled' };
  }
}
