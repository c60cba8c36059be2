import { apiFetch } from '../../../lib/api/http';
import { CHECK_INS_PATH } from './keys';
import type { Erased } from './types';

/** `DELETE /v2/account/clients/check-ins`: every check-in of the client, gone (their practitioners see it at once). */
export function eraseCheckIns(): Promise<Erased> {
  return apiFetch<Erased>(CHECK_INS_PATH, { method: 'DELETE', auth: 'required' });
}
