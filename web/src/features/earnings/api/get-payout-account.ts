import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useRealtimeKey } from '../../../lib/realtime';
import { PAYOUT_ACCOUNT_PATH, PAYOUT_ACCOUNT_TOPICS } from './keys';
import type { PayoutAccount } from './types';

/** `GET /v2/account/practitioners/earnings/payout-account`: where payouts go, and the store's payout method. */
export function fetchPayoutAccount(): Promise<PayoutAccount> {
  return apiFetch<PayoutAccount>(PAYOUT_ACCOUNT_PATH, { auth: 'required' });
}

/** The payout method is the store's: a change in the store editor (`store.updated`) shows here. */
export function usePayoutAccount(enabled: boolean) {
  const key = enabled ? PAYOUT_ACCOUNT_PATH : null;
  useRealtimeKey(PAYOUT_ACCOUNT_TOPICS, key);
  return useSWR<PayoutAccount, unknown>(key, fetchPayoutAccount);
}
