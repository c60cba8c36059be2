import { apiFetch } from '../../../lib/api/http';
import { packagePath } from './keys';

/** `DELETE /v2/account/store/packages/{id}`: `{message}`. */
export function deletePackage(packageId: number): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(packagePath(packageId), { method: 'DELETE', auth: 'required' });
}
