import { apiFetch } from '../../../lib/api/http';
import { imagePath, type ImageSectionName } from './keys';
import type { Store } from './types';

/**
 * `PUT /v2/account/store/{section}/image` as multipart: `file` for header and about; for approach
 * `file1` and/or `file2` (slot 1 or 2).
 */
export function uploadStoreImage(section: ImageSectionName, file: File, slot: 1 | 2 = 1): Promise<Store> {
  const form = new FormData();
  form.append(section === 'approach' ? `file${slot}` : 'file', file);
  return apiFetch<Store>(imagePath(section), { method: 'PUT', auth: 'required', form });
}
