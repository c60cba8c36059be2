import { ApiError } from '../api/http';
import { postLogout } from './api/logout';
import { postAuthMessage, subscribeAuthMessages } from './auth-channel';
import { getTokens, setTokens, subscribeTokens, type Tokens } from './token-store';

/**
 * The auth state of spec docs/spec-coverage.md#s4-auth-states (loggedin / loggedout, the logging-out flag),
 * kept outside React so that any code (the socket client, a 401 in the API client) can end a session, and any
 * component can read it without a provider. The tokens in storage are the single source of truth: this store
 * only caches what it last read there, so every tab that shares the storage agrees.
 */
export type SessionStatus = 'loggedin' | 'loggedout';

export interface SessionState {
  status: SessionStatus;
  tokens: Tokens | null;
  isLoggingOut: boolean;
}

let state: SessionState = { status: 'loggedout', tokens: null, isLoggingOut: false };
const listeners = new Set<() => void>();
let detach: (() => void) | null = null;

function sameTokens(a: Tokens | null, b: Tokens | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.accessToken === b.accessToken && a.refreshToken === b.refreshToken && a.userTypeId === b.userTypeId;
}

/** The current state; the same object as long as nothing changed (React's external-store contract). */
export function getSessionState(): SessionState {
  const tokens = getTokens();
  if (!sameTokens(tokens, state.tokens)) {
    state = { ...state, tokens, status: tokens ? 'loggedin' : 'loggedout' };
  }
  return state;
}

function notify() {
  getSessionState();
  for (const listener of [...listeners]) listener();
}

function setLoggingOut(isLoggingOut: boolean) {
  state = { ...getSessionState(), isLoggingOut };
  notify();
}

/** Hears every change: this tab's, other tabs' (storage events and the auth channel) and expiry wipes. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (!detach) {
    const stopTokens = subscribeTokens(notify);
    const stopChannel = subscribeAuthMessages(notify);
    detach = () => {
      stopTokens();
      stopChannel();
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && detach) {
      detach();
      detach = null;
    }
  };
}

/** Spec docs/spec-coverage.md#s4-auth-states: login goes to loggedin; the other tabs follow. */
export function signIn(tokens: Tokens) {
  setTokens(tokens);
  postAuthMessage('login');
}

/** New tokens for the same login (a refresh); the other tabs take them over. */
export function replaceTokens(tokens: Tokens) {
  setTokens(tokens);
  postAuthMessage('tokens');
}

/** Ends the session in this browser without asking the server (it already ended, or cannot be reached). */
export function endSession() {
  const hadTokens = getTokens() !== null;
  setTokens(null);
  if (hadTokens) postAuthMessage('logout');
}

export type SignOutResult = 'signed-out' | 'failed' | 'busy';

/**
 * Spec docs/spec-coverage.md#s4-logout-one-tab-broadcast, docs/spec-coverage.md#s8-logout-422-counts-logged:
 * POST /v2/account/logout, then loggedout here and in every other tab. The logging-out flag refuses a second
 * sign-out while one is under way. A 422 counts as signed out, and so does a 401 (the server has ended that
 * login already); any other failure keeps the user signed in so they can try again, and the caller shows the
 * failed-to-logout text.
 */
export async function signOut(): Promise<SignOutResult> {
  if (getSessionState().isLoggingOut) return 'busy';
  if (!getTokens()) {
    endSession();
    return 'signed-out';
  }
  setLoggingOut(true);
  try {
    await postLogout();
    endSession();
    return 'signed-out';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 401)) {
      endSession();
      return 'signed-out';
    }
    console.error('Logout failed', error);
    return 'failed';
  } finally {
    setLoggingOut(false);
  }
}
