import { apiFetchFile, type ApiFile } from '../../../lib/api/http';
import { CHECK_INS_CSV_PATH } from './keys';

/** `GET /v2/account/clients/check-ins.csv`: every check-in of the client. */
export function exportCheckIns(): Promise<ApiFile> {
  return apiFetchFile(CHECK_INS_CSV_PATH, { auth: 'required' });
}
