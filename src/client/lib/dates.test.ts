import { describe, expect, it } from 'vitest';
import { addCalendarDays, formatLongDate, toIsoDate } from './dates';

describe('calendar-date helpers', () => {
  it.each([
    [new Date(2026, 5, 16), '2026-06-16', 'Tuesday, June 16, 2026'],
    [new Date(2027, 0, 1), '2027-01-01', 'Friday, January 1, 2027'],
    [new Date(2028, 1, 29), '2028-02-29', 'Tuesday, February 29, 2028'],
  ])('%s is %s, read as %s', (date, iso, long) => {
    expect(toIsoDate(date)).toBe(iso);
    expect(formatLongDate(date)).toBe(long);
  });

  it('adds calendar days across month ends and daylight-saving changes', () => {
    expect(toIsoDate(addCalendarDays(new Date(2026, 10, 28), 5))).toBe('2026-12-03');
    // 2026-03-08 and 2026-11-01 are the US daylight-saving days: still one calendar day each.
    expect(toIsoDate(addCalendarDays(new Date(2026, 2, 7), 1))).toBe('2026-03-08');
    expect(toIsoDate(addCalendarDays(new Date(2026, 9, 31), 2))).toBe('2026-11-02');
    expect(toIsoDate(addCalendarDays(new Date(2026, 10, 22), 90))).toBe('2027-02-20');
  });
});
