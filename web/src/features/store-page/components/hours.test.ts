import { describe, expect, it } from 'vitest';

import type { OpeningHours } from '../api/types';
import { formatTime, isOpenAt, localMoment, weekdayName } from './hours';

const WEEKDAY_HOURS: OpeningHours[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
  day: day as OpeningHours['day'],
  opens: '09:00',
  closes: '17:30',
}));

describe('opening hours', () => {
  it('names weekdays and writes times in the language of the page', () => {
    expect(weekdayName('monday', 'en')).toBe('Monday');
    expect(weekdayName('sunday', 'de')).toBe('Sonntag');
    expect(formatTime('09:00', 'de')).toBe('9:00');
    expect(formatTime('17:30', 'en')).toBe('5:30 PM');
    expect(formatTime('24:00', 'de')).toBe('0:00');
  });

  it('reads the weekday and time in the store time zone, not the browser one', () => {
    // Monday 23:30 UTC is already Tuesday 08:30 in Tokyo and still Monday 15:30 in Los Angeles.
    const now = new Date('2026-11-23T23:30:00Z');
    expect(localMoment('Asia/Tokyo', now)).toEqual({ day: 'tuesday', time: '08:30' });
    expect(localMoment('America/Los_Angeles', now)).toEqual({ day: 'monday', time: '15:30' });
    expect(localMoment('Not/AZone', now)).toBeNull();
  });

  it('is open from the opening time up to, not including, the closing time', () => {
    // 2026-11-23 is a Monday; London is on UTC in November.
    expect(isOpenAt(WEEKDAY_HOURS, 'Europe/London', new Date('2026-11-23T09:00:00Z'))).toBe(true);
    expect(isOpenAt(WEEKDAY_HOURS, 'Europe/London', new Date('2026-11-23T17:29:00Z'))).toBe(true);
    expect(isOpenAt(WEEKDAY_HOURS, 'Europe/London', new Date('2026-11-23T17:30:00Z'))).toBe(false);
    expect(isOpenAt(WEEKDAY_HOURS, 'Europe/London', new Date('2026-11-23T08:59:00Z'))).toBe(false);
    // Saturday.
    expect(isOpenAt(WEEKDAY_HOURS, 'Europe/London', new Date('2026-11-28T12:00:00Z'))).toBe(false);
    // Tokyo's Tuesday morning while it is still Monday night in London.
    expect(isOpenAt(WEEKDAY_HOURS, 'Asia/Tokyo', new Date('2026-11-23T00:30:00Z'))).toBe(true);
  });

  it('stays open until midnight with 24:00, and says nothing without a known time zone', () => {
    const late: OpeningHours[] = [{ day: 'friday', opens: '18:00', closes: '24:00' }];
    expect(isOpenAt(late, 'UTC', new Date('2026-11-27T23:59:00Z'))).toBe(true);
    expect(isOpenAt(late, 'UTC', new Date('2026-11-28T00:00:00Z'))).toBe(false);
    expect(isOpenAt(late, null, new Date('2026-11-27T20:00:00Z'))).toBeNull();
    expect(isOpenAt(late, 'Mars/Olympus', new Date('2026-11-27T20:00:00Z'))).toBeNull();
  });
});
