import { apiFetch } from '../../../lib/api/http';
import { servicePath } from './keys';
import type { StoreService } from './types';

/** `PUT /v2/account/store/services/{id}/reorder {order}` (1 = first): every service, in the new order. */
export function reorderService(serviceId: number, order: number): Promise<StoreService[]> {
  return apiFetch<StoreService[]>(`${servicePath(serviceId)}/reorder`, {
    method: 'PUT',
    auth: 'required',
    body: { order },
  });
}
