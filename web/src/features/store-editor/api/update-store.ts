import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { Store, StoreSettingsInput } from './types';

/**
 * `PUT /v2/account/store` with the fields given (shop name, type, theme, show_protocols, payout method);
 * all or nothing: one bad field and nothing changes.
 */
export function updateStore(input: StoreSettingsInput): Promise<Store> {
  return apiFetch<Store>(STORE_PATH, { method: 'PUT', auth: 'required', body: input });
}
