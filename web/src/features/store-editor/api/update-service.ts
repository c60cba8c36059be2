import { apiFetch } from '../../../lib/api/http';
import { servicePath } from './keys';
import type { ServiceInput, StoreService } from './types';

/** `PUT /v2/account/store/services/{id} {name, description, icon}`: the service. */
export function updateService(serviceId: number, input: ServiceInput): Promise<StoreService> {
  return apiFetch<StoreService>(servicePath(serviceId), { method: 'PUT', auth: 'required', body: input });
}
