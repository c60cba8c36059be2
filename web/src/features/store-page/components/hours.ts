import type { OpeningHours, Weekday } from '../api/types';

export const WEEKDAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

// 1 January 2024 was a Monday: the days of that week name the weekdays in any language.
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** The weekday's name in the page's language (`Monday`, `Montag`, `月曜日`). */
export function weekdayName(day: Weekday, localeTag: string): string {
  return new Intl.DateTimeFormat(localeTag, { weekday: 'long', timeZone: 'UTC' }).format(
    MONDAY + WEEKDAYS.indexOf(day) * DAY_MS,
  );
}

/** An `HH:MM` of the API as the language writes times (`9:00 AM`, `09:00`); `24:00` is midnight. */
export function formatTime(time: string, localeTag: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  if (!Number.isFinite(hours) || !Number.isFinite(minutes)) return time;
  return new Intl.DateTimeFormat(localeTag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    MONDAY + (hours * 60 + minutes) * 60_000,
  );
}

/** The weekday and `HH:MM` (24-hour) at `now` in an IANA time zone; null when the zone is unknown. */
export function localMoment(timezone: string, now: Date): { day: Weekday; time: string } | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const day = part('weekday').toLowerCase() as Weekday;
  if (!WEEKDAYS.includes(day)) return null;
  return { day, time: `${part('hour').padStart(2, '0')}:${part('minute').padStart(2, '0')}` };
}

/**
 * Whether the store is open at `now` in its own time zone: a range of that day holds the time
 * (opening included, closing excluded; `24:00` closes at midnight). Null when that cannot be said
 * (no time zone, or one this browser does not know).
 */
export function isOpenAt(hours: readonly OpeningHours[], timezone: string | null, now: Date): boolean | null {
  if (!timezone) return null;
  const moment = localMoment(timezone, now);
  if (!moment) return null;
  // `HH:MM` strings compare like the times they hold.
  return hours.some((range) => range.day === moment.day && range.opens <= moment.time && moment.time < range.closes);
}
