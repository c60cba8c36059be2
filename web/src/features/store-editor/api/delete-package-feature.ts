import { apiFetch } from '../../../lib/api/http';
import { featuresPath } from './keys';
import type { StorePackage } from './types';

/** `DELETE .../packages/{id}/features {feature_id}`: the package. */
export function deletePackageFeature(packageId: number, featureId: number): Promise<StorePackage> {
  return apiFetch<StorePackage>(featuresPath(packageId), {
    method: 'DELETE',
    auth: 'required',
    body: { feature_id: featureId },
  });
}
