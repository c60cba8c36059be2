import { apiFetch } from '../../../lib/api/http';
import { servicePath } from './keys';

/** `DELETE /v2/account/store/services/{id}`: `{message}`. */
export function deleteService(serviceId: number): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(servicePath(serviceId), { method: 'DELETE', auth: 'required' });
}
