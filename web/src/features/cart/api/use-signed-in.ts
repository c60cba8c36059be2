import { useSyncExternalStore } from 'react';

import { getTokens, subscribeTokens } from '../../../lib/session/token-store';

/**
 * Spec section 6: the cart needs a signed-in user with a token. Read from the token store directly
 * (null tokens = signed out), so this tab and other tabs' sign-outs are heard at once.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeTokens, () => getTokens() !== null, () => false);
}
