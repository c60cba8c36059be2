import { describe, expect, it } from 'vitest';

import { formatDate, formatDay } from './date';

describe('formatDate', () => {
  it('writes the date in the language, with the time when asked, and leaves the unreadable as it came', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'en')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22T10:00:00Z', 'de')).toBe('22.11.2026');
    expect(formatDate('2026-11-22T10:00:00Z', 'en', { time: true })).toMatch(/^Nov 22, 2026, \d{1,2}:\d{2}/);
    expect(formatDate('yesterday', 'en')).toBe('yesterday');
  });
});

describe('formatDay', () => {
  it('writes a calendar day in full, the same day in every zone, and leaves the unreadable as it came', () => {
    expect(formatDay('2026-12-19', 'en')).toBe('December 19, 2026');
    expect(formatDay('2026-12-19', 'de')).toBe('19. Dezember 2026');
    expect(formatDay('soon', 'en')).toBe('soon');
  });
});
