import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { ServiceInput, StoreService } from './types';

/** `POST /v2/account/store/services {name, description, icon}`: 201, the service (added last). */
export function createService(input: ServiceInput): Promise<StoreService> {
  return apiFetch<StoreService>(`${STORE_PATH}/services`, { method: 'POST', auth: 'required', body: input });
}
