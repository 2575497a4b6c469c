import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../shared/business-time';
import { addCalendarDays, businessToday, toIsoDate } from './dates';

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

describe('businessToday', () => {
  it.each([
    // 06:30 UTC on 15 June is still the 14th in Los Angeles (UTC-7 in summer).
    ['2026-06-15T06:30:00Z', 'America/Los_Angeles', '2026-06-14'],
    ['2026-06-15T07:30:00Z', 'America/Los_Angeles', '2026-06-15'],
    // Winter offset is UTC-8.
    ['2026-01-10T07:59:00Z', 'America/Los_Angeles', '2026-01-09'],
    ['2026-01-10T08:00:00Z', 'America/Los_Angeles', '2026-01-10'],
    // Day of the spring-forward change, and either side of the business's midnight around it.
    ['2026-03-08T10:30:00Z', 'America/Los_Angeles', '2026-03-08'],
    ['2026-03-08T07:59:00Z', 'America/Los_Angeles', '2026-03-07'],
    ['2026-03-08T08:00:00Z', 'America/Los_Angeles', '2026-03-08'],
    ['2026-03-09T06:59:00Z', 'America/Los_Angeles', '2026-03-08'],
    ['2026-03-09T07:00:00Z', 'America/Los_Angeles', '2026-03-09'],
    // The fall-back day: midnight is still PDT, the night after is PST.
    ['2026-11-01T06:59:00Z', 'America/Los_Angeles', '2026-10-31'],
    ['2026-11-01T07:00:00Z', 'America/Los_Angeles', '2026-11-01'],
    ['2026-11-01T09:30:00Z', 'America/Los_Angeles', '2026-11-01'],
    ['2026-11-02T07:59:00Z', 'America/Los_Angeles', '2026-11-01'],
    ['2026-11-02T08:00:00Z', 'America/Los_Angeles', '2026-11-02'],
    // The visitor's own change (London, 2026-03-29 and 2026-10-25) does not move the business day.
    ['2026-03-29T00:30:00Z', 'America/Los_Angeles', '2026-03-28'],
    ['2026-10-25T01:30:00Z', 'America/Los_Angeles', '2026-10-24'],
    ['2026-06-15T06:30:00Z', 'Asia/Tokyo', '2026-06-15'],
  ])('at %s in %s is %s', (instant, zone, expected) => {
    expect(toIsoDate(businessToday(zone, new Date(instant)))).toBe(expected);
  });

  it.each(['2026-06-15T20:00:00Z', '2026-03-08T20:00:00Z', '2026-03-29T20:00:00Z', '2026-10-25T20:00:00Z', '2026-11-01T20:00:00Z'])(
    'gives a local midnight date (at %s)',
    (instant) => {
      const d = businessToday('America/Los_Angeles', new Date(instant));
      expect([d.getHours(), d.getMinutes()]).toEqual([0, 0]);
      expect(toIsoDate(d)).toBe(instant.slice(0, 10));
    },
  );
});
