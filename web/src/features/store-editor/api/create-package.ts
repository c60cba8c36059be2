import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { PackageInput, StorePackage } from './types';

/** `POST /v2/account/store/packages {name, description, price, features}`: 201, the package. */
export function createPackage(input: PackageInput): Promise<StorePackage> {
  return apiFetch<StorePackage>(`${STORE_PATH}/packages`, { method: 'POST', auth: 'required', body: input });
}
