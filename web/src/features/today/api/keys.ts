/** Paths, SWR keys and socket topics of the client's day (docs/api.md, "The day: schedule, check-ins, adherence"). */
const CLIENTS_PATH = '/v2/account/clients';

export const SCHEDULE_PATH = `${CLIENTS_PATH}/schedule`;
export const SCHEDULE_PDF_PATH = `${CLIENTS_PATH}/schedule.pdf`;
export const CHECK_INS_PATH = `${CLIENTS_PATH}/check-ins`;
export const CHECK_INS_CSV_PATH = `${CLIENTS_PATH}/check-ins.csv`;
export const ADHERENCE_PATH = `${CLIENTS_PATH}/adherence`;
export const CALENDAR_PATH = `${CLIENTS_PATH}/calendar`;
export const DAY_SETTINGS_PATH = `${CLIENTS_PATH}/day-settings`;

/** The streak is counted over the adherence of the last 30 days (the server's default). */
export const STREAK_DAYS = 30;

/** A check-in may go back at most 7 days before today; never forward. */
export const DAYS_BACK = 7;

/**
 * After these the day is stale: a check-in on another device (or the mail's one click) or the check-ins
 * erased, a protocol shared, changed, deleted by its practitioner or removed by the client, and the client's
 * medicines changed (the slots list them).
 */
export const DAY_TOPICS = [
  'adherence.updated',
  'medicines.updated',
  'protocol.updated',
  'protocol.shared',
  'protocol.deleted',
  'client_protocol.deleted',
] as const;

/** The day's key: today's is the bare path (the server's today, in the shop's time zone). */
export const scheduleKey = (date: string | null) =>
  date === null ? SCHEDULE_PATH : `${SCHEDULE_PATH}?date=${encodeURIComponent(date)}`;

export const ADHERENCE_KEY = `${ADHERENCE_PATH}?days=${String(STREAK_DAYS)}`;
