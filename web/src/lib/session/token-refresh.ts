import { ApiError } from '../api/http';
import { postTokenRefresh } from './api/token-refresh';
import { endSession, replaceTokens } from './session-store';
import { accessTokenClaims } from './token-claims';
import { getTokens, type Tokens } from './token-store';

/**
 * Spec docs/spec-coverage.md#s9-access-token-refresh: the access token is refreshed every 55 minutes while
 * signed in.
 */
export const TOKEN_REFRESH_MS = 3_300_000;
/**
 * Access tokens live 60 minutes (docs/architecture.md, "Accounts, tokens and socket tickets"), so a fresh token is refreshed exactly 55 minutes
 * after it was issued. A tab opened on an older token refreshes that many minutes before it expires
 * instead of a full period later, when it would long be dead.
 */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** Offline at refresh time: try again this often rather than signing the user out. */
export const REFRESH_RETRY_MS = 60_000;
const LOCK_NAME = 'practitioner-supplements-token-refresh';

export function refreshDelay(tokens: Tokens, now: number = Date.now()): number {
  const exp = accessTokenClaims(tokens.accessToken)?.exp;
  if (typeof exp !== 'number') return TOKEN_REFRESH_MS;
  return Math.max(0, Math.min(TOKEN_REFRESH_MS, exp * 1000 - EXPIRY_MARGIN_MS - now));
}

/**
 * The server rotates the refresh token on every use and treats a rotated one used again as stolen
 * (it ends the login). Tabs of one browser share the tokens, so their refreshes go one at a time
 * through a Web Lock, and a tab that finds the tokens already changed by another does nothing.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request(LOCK_NAME, task) : task();
}

export type RefreshResult = 'refreshed' | 'superseded' | 'signed-out' | 'retry';

/**
 * Rotates the stored tokens. `planned` is the pair the caller meant to refresh: if another tab has
 * replaced it meanwhile, there is nothing to do. On a refusal the session ends (spec:
 * docs/spec-coverage.md#s4-while-logged-access-token).
 */
export function refreshSession(planned?: Tokens): Promise<RefreshResult> {
  return withRefreshLock(async () => {
    const current = getTokens();
    if (!current) return 'signed-out';
    if (planned && current.refreshToken !== planned.refreshToken) return 'superseded';
    try {
      const reply = await postTokenRefresh(current.refreshToken);
      replaceTokens({
        accessToken: reply.access_token,
        refreshToken: reply.refresh_token,
        userTypeId: reply.user_type_id,
      });
      return 'refreshed';
    } catch (error) {
      // 409: another tab of this login refreshed the same token a moment ago (browsers without Web
      // Locks); its answer reaches this tab through the storage.
      if (error instanceof ApiError && error.status === 409) return 'superseded';
      if (!(error instanceof ApiError)) return 'retry';
      endSession();
      return 'signed-out';
    }
  });
}

/**
 * Refreshes `tokens` when they are due and retries while offline. The caller starts it again for
 * every new pair (the refresh writes one), which makes it periodic. When the page comes back into
 * view (a laptop woken from sleep, where timers stood still) overdue tokens are refreshed at once.
 */
export function scheduleTokenRefresh(tokens: Tokens): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running = false;

  const run = async () => {
    if (stopped || running) return;
    running = true;
    clearTimeout(timer);
    const result = await refreshSession(tokens);
    running = false;
    if (!stopped && result === 'retry') timer = setTimeout(() => void run(), REFRESH_RETRY_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && refreshDelay(tokens) === 0) void run();
  };

  timer = setTimeout(() => void run(), refreshDelay(tokens));
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
