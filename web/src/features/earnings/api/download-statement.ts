import { apiFetchFile, type ApiFile } from '../../../lib/api/http';
import { statementPath, type StatementFormat } from './keys';

/** `GET /v2/account/practitioners/earnings/statements/{YYYY-MM}.{csv|pdf}?currency=`: one month's statement. */
export function downloadStatement(month: string, format: StatementFormat, currency: string): Promise<ApiFile> {
  return apiFetchFile(statementPath(month, format), { auth: 'required', query: { currency } });
}
