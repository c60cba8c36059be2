import { apiFetch } from '../../../lib/api/http';
import { packagePath } from './keys';
import type { StorePackage } from './types';

/** `PUT /v2/account/store/packages/{id}/reorder {order}` (1 = first): every package, in the new order. */
export function reorderPackage(packageId: number, order: number): Promise<StorePackage[]> {
  return apiFetch<StorePackage[]>(`${packagePath(packageId)}/reorder`, {
    method: 'PUT',
    auth: 'required',
    body: { order },
  });
}
