import { apiFetchFile, type ApiFile } from '../../../lib/api/http';
import { SCHEDULE_PDF_PATH } from './keys';

/** `GET /v2/account/clients/schedule.pdf?week=`: the week of `day` (Monday to Sunday) on one A4 page. */
export function downloadWeek(day: string): Promise<ApiFile> {
  return apiFetchFile(SCHEDULE_PDF_PATH, { auth: 'required', query: { week: day } });
}
