import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { packagePath } from './keys';

/** `DELETE /v2/account/store/packages/{id}`: `{message}`. */
export function deletePackage(packageId: number): Promise<{ message: string }> {
  return apiFetch<Schemas['MessageOut']>(packagePath(packageId), { method: 'DELETE', auth: 'required' });
}
