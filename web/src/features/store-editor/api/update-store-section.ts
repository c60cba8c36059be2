import { apiFetch } from '../../../lib/api/http';
import { sectionPath, type TitledSectionName } from './keys';
import type { Store, TitledSection } from './types';

/** `PUT /v2/account/store/header`, `/about`, `/services/header` or `/approach` `{title, description}`. */
export function updateStoreSection(section: TitledSectionName, input: TitledSection): Promise<Store> {
  return apiFetch<Store>(sectionPath(section), { method: 'PUT', auth: 'required', body: input });
}
