import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { Store } from './types';

/** `PUT /v2/account/store/message {message}`. */
export function updateStoreMessage(message: string): Promise<Store> {
  return apiFetch<Store>(`${STORE_PATH}/message`, { method: 'PUT', auth: 'required', body: { message } });
}
