import { apiFetch } from '../../../lib/api/http';
import { packagePath } from './keys';
import type { PackageInput, StorePackage } from './types';

/** `PUT /v2/account/store/packages/{id} {name, description, price}` (features left out are kept). */
export function updatePackage(packageId: number, input: PackageInput): Promise<StorePackage> {
  return apiFetch<StorePackage>(packagePath(packageId), { method: 'PUT', auth: 'required', body: input });
}
