import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { servicePath } from './keys';

/** `DELETE /v2/account/store/services/{id}`: `{message}`. */
export function deleteService(serviceId: number): Promise<{ message: string }> {
  return apiFetch<Schemas['MessageOut']>(servicePath(serviceId), { method: 'DELETE', auth: 'required' });
}
