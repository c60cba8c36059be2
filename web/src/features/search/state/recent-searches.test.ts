import { afterEach, describe, expect, it } from 'vitest';

import { STORAGE_PREFIX } from '../../../lib/session/stored-value';
import { setTokens } from '../../../lib/session/token-store';
import { readRecentSearches, recentSearchOwner, rememberSearch } from './recent-searches';

const item = (id: number) => ({ id, name: `Product ${id}`, slug: `product-${id}`, image_url: `/media/${id}.webp` });
/** A token whose payload says `sub: "17"` (base64url, unsigned: only the claim is read). */
const TOKEN = `x.${btoa(JSON.stringify({ sub: '17' })).replace(/=+$/, '')}.y`;

afterEach(() => {
  setTokens(null);
  localStorage.clear();
});

describe('recent searches', () => {
  it('keeps the newest three, without duplicates', () => {
    rememberSearch(item(1));
    rememberSearch(item(2));
    rememberSearch(item(3));
    rememberSearch(item(1));
    rememberSearch(item(4));
    expect(readRecentSearches().map((entry) => entry.id)).toEqual([4, 1, 3]);
  });

  it('belongs to the signed-in user, or to anonymous', () => {
    rememberSearch(item(1));
    expect(recentSearchOwner()).toBe('anonymous');
    setTokens({ accessToken: TOKEN, refreshToken: 'r', userTypeId: 4 });
    expect(recentSearchOwner()).toBe('17');
    expect(readRecentSearches()).toEqual([]);
    rememberSearch(item(2));
    expect(localStorage.getItem(`${STORAGE_PREFIX}recent-searches:17`)).toContain('product-2');
    setTokens(null);
    expect(readRecentSearches().map((entry) => entry.id)).toEqual([1]);
  });
});
