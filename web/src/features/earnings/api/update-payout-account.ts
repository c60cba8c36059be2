import { apiFetch } from '../../../lib/api/http';
import { PAYOUT_ACCOUNT_PATH } from './keys';
import type { PayoutAccount, PayoutAccountInput } from './types';

/** `PUT /v2/account/practitioners/earnings/payout-account`: 422 with `errors` per field when refused. */
export function updatePayoutAccount(body: PayoutAccountInput): Promise<PayoutAccount> {
  return apiFetch<PayoutAccount>(PAYOUT_ACCOUNT_PATH, { method: 'PUT', auth: 'required', body });
}
