import { apiFetch } from '../../../lib/api/http';
import { featuresPath } from './keys';
import type { StorePackage } from './types';

/** `POST .../packages/{id}/features {text}`: 201, the package. */
export function addPackageFeature(packageId: number, text: string): Promise<StorePackage> {
  return apiFetch<StorePackage>(featuresPath(packageId), { method: 'POST', auth: 'required', body: { text } });
}
