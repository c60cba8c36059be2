import { apiFetch } from '../../../lib/api/http';
import { imagePath, type ImageSectionName } from './keys';
import type { Store } from './types';

/** `DELETE /v2/account/store/{section}/image`: the store without that section's image(s). */
export function deleteStoreImage(section: ImageSectionName): Promise<Store> {
  return apiFetch<Store>(imagePath(section), { method: 'DELETE', auth: 'required' });
}
