import { apiFetch } from '../../../lib/api/http';
import { packagePath } from './keys';
import type { StorePackage } from './types';

/** `PUT /v2/account/store/packages/{id}/image`, multipart `file`: the package. */
export function uploadPackageImage(packageId: number, file: File): Promise<StorePackage> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<StorePackage>(`${packagePath(packageId)}/image`, { method: 'PUT', auth: 'required', form });
}
