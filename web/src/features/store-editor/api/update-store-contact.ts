import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { Store } from './types';

/** `PUT /v2/account/store/contact {description}`. */
export function updateStoreContact(description: string): Promise<Store> {
  return apiFetch<Store>(`${STORE_PATH}/contact`, { method: 'PUT', auth: 'required', body: { description } });
}
