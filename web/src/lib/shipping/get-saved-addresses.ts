import useSWR from 'swr';

import { apiFetch } from '../api/http';
import { ADDRESSES_PATH } from './keys';
import type { SavedAddress } from './types';

/** `GET /v2/account/addresses`: the shipping addresses of the buyer's past orders, newest first (at most 5). */
export function fetchSavedAddresses(): Promise<SavedAddress[]> {
  return apiFetch<SavedAddress[]>(ADDRESSES_PATH, { auth: 'required' });
}

/** Offered as choices; the checkout works without them, so a failure only leaves them out. */
export function useSavedAddresses(enabled: boolean) {
  return useSWR<SavedAddress[], unknown>(enabled ? ADDRESSES_PATH : null, fetchSavedAddresses, {
    revalidateOnFocus: false,
  });
}
