import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { Store, StoreTheme, StoreType } from './types';

/** `POST /v2/account/store {type, theme}`: creates the store (201), or changes its type and theme (200). */
export function createStore(type: StoreType, theme: StoreTheme): Promise<Store> {
  return apiFetch<Store>(STORE_PATH, { method: 'POST', auth: 'required', body: { type, theme } });
}
