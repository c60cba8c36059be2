import { useSyncExternalStore } from 'react';

import { getTokens, subscribeTokens } from './token-store';

const subscribe = (onChange: () => void) => subscribeTokens(() => onChange());
// A boolean snapshot: getTokens() parses storage and returns a new object on every call.
const signedIn = () => getTokens() !== null;

/** Whether tokens are stored, following sign-in and sign-out in this and other tabs. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, signedIn, () => false);
}
