import { apiFetch } from '../../../lib/api/http';
import { MEDICINES_PATH } from './keys';
import type { ClientMedicines, MedicinesBody } from './types';

/**
 * `PUT /v2/account/clients/medicines`: the whole new list (at most 30). An unknown id or slot, or one listed
 * twice, is a 422 naming it, and nothing changes.
 */
export function updateMedicines(body: MedicinesBody): Promise<ClientMedicines> {
  return apiFetch<ClientMedicines>(MEDICINES_PATH, { method: 'PUT', auth: 'required', body });
}
