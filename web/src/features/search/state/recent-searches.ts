import { readStored, writeStored } from '../../../lib/session/stored-value';
import { userIdOf } from '../../../lib/session/token-claims';
import { getTokens } from '../../../lib/session/token-store';

/** Spec docs/spec-coverage.md#s3-recent-search-item "Recent search item". */
export interface RecentSearchItem {
  id: number;
  name: string;
  slug: string;
  image_url: string;
}

/** Spec docs/spec-coverage.md#s9-recent-searches-most-3: at most 3, tied to the user. */
export const MAX_RECENT = 3;
const LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The signed-in user's id, read from the access token's `sub` claim (the stored tokens carry no
 * user object), or `anonymous`. Only used to keep one user's recent searches from another's on a
 * shared browser, so the token is read, not verified.
 */
export function recentSearchOwner(): string {
  const token = getTokens()?.accessToken;
  return (token && userIdOf(token)) || 'anonymous';
}

const keyOf = (owner: string) => `recent-searches:${owner}`;

export function readRecentSearches(): RecentSearchItem[] {
  const items = readStored<RecentSearchItem[]>(keyOf(recentSearchOwner()));
  return Array.isArray(items) ? items.slice(0, MAX_RECENT) : [];
}

/** Puts the item first, without duplicates, keeping the newest three. */
export function rememberSearch(item: RecentSearchItem): RecentSearchItem[] {
  const owner = recentSearchOwner();
  const next = [item, ...readRecentSearches().filter((existing) => existing.id !== item.id)].slice(0, MAX_RECENT);
  writeStored(keyOf(owner), next, LIFETIME_MS);
  return next;
}
