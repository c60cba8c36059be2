import { readStored, removeStored, STORAGE_PREFIX, writeStored } from './stored-value';

/** What a sign-in leaves in the browser (spec: docs/spec-coverage.md#s3-auth-session "Auth session"). */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  userTypeId: number;
}

const KEY = 'tokens';
/** As long as the server keeps an unused refresh token valid; a refresh writes it again. */
export const TOKENS_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();

export function getTokens(): Tokens | null {
  return readStored<Tokens>(KEY);
}

/** Store (or, with null, wipe) the tokens; every listener in this tab hears it, other tabs through storage. */
export function setTokens(tokens: Tokens | null) {
  if (tokens) writeStored(KEY, tokens, TOKENS_LIFETIME_MS);
  else removeStored(KEY);
  for (const listener of listeners) listener(tokens);
}

/**
 * Hears token changes of this tab and of other tabs of the same origin (spec:
 * docs/spec-coverage.md#s4-token-change-another-tab, cross-tab auth).
 */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_PREFIX + KEY) listener(getTokens());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
