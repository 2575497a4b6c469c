import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../shared/business-time';
import { addCalendarDays, toIsoDate } from './dates';

// vitest.config.ts runs this file under UTC, America/Los_Angeles and Europe/London. The DST days:
// US 2026-03-08 and 2026-11-01, EU 2026-03-29 and 2026-10-25.

describe('the zone this run is in', () => {
  it('is the one the project names (so the zone runs really differ)', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(process.env.TZ);
  });
});

describe('calendar-date helpers', () => {
  it.each([
    [new Date(2026, 5, 16), '2026-06-16', 'Tuesday, June 16, 2026'],
    [new Date(2027, 0, 1), '2027-01-01', 'Friday, January 1, 2027'],
    [new Date(2028, 1, 29), '2028-02-29', 'Tuesday, February 29, 2028'],
    // Local midnight of each daylight-saving day (in London summer it is 23:00 UTC the day before).
    [new Date(2026, 2, 8), '2026-03-08', 'Sunday, March 8, 2026'],
    [new Date(2026, 2, 29), '2026-03-29', 'Sunday, March 29, 2026'],
    [new Date(2026, 9, 25), '2026-10-25', 'Sunday, October 25, 2026'],
    [new Date(2026, 10, 1), '2026-11-01', 'Sunday, November 1, 2026'],
  ])('%s is %s, read as %s', (date, iso, long) => {
    expect(toIsoDate(date)).toBe(iso);
    expect(formatLongDate(date)).toBe(long);
  });

  it('adds calendar days across month ends and daylight-saving changes', () => {
    expect(toIsoDate(addCalendarDays(new Date(2026, 10, 28), 5))).toBe('2026-12-03');
    expect(toIsoDate(addCalendarDays(new Date(2026, 2, 7), 1))).toBe('2026-03-08');
    expect(toIsoDate(addCalendarDays(new Date(2026, 9, 31), 2))).toBe('2026-11-02');
    expect(toIsoDate(addCalendarDays(new Date(2026, 10, 22), 90))).toBe('2027-02-20');
  });

  it.each([
    // From the day before, the day of and the day after each change: still one calendar day a step.
    ['2026-03-07', '2026-03-08', '2026-03-09'],
    ['2026-03-28', '2026-03-29', '2026-03-30'],
    ['2026-10-24', '2026-10-25', '2026-10-26'],
    ['2026-10-31', '2026-11-01', '2026-11-02'],
  ])('steps %s -> %s -> %s one day at a time and back', (before, day, after) => {
    const [y, m, d] = before.split('-').map(Number);
    const start = new Date(y, m - 1, d);
    expect(toIsoDate(addCalendarDays(start, 1))).toBe(day);
    expect(toIsoDate(addCalendarDays(start, 2))).toBe(after);
    expect(toIsoDate(addCalendarDays(addCalendarDays(start, 2), -2))).toBe(before);
    expect(addCalendarDays(start, 1).getHours()).toBe(0);
  });

  it('keeps a 90-day window whole across both changes of a year', () => {
    expect(toIsoDate(addCalendarDays(new Date(2026, 1, 1), 90))).toBe('2026-05-02');
    expect(toIsoDate(addCalendarDays(new Date(2026, 7, 10), 90))).toBe('2026-11-08');
  });
});
