import { apiFetch } from '../../../lib/api/http';
import { featuresPath } from './keys';
import type { StorePackage } from './types';

/** `PUT .../packages/{id}/features {feature_id, text}`: the package. */
export function updatePackageFeature(packageId: number, featureId: number, text: string): Promise<StorePackage> {
  return apiFetch<StorePackage>(featuresPath(packageId), {
    method: 'PUT',
    auth: 'required',
    body: { feature_id: featureId, text },
  });
}
