import { describe, expect, it } from 'vitest';
import { businessToday, toIsoDate } from '../../../lib/dates';
import { lastBookableDay } from './business-date';

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

describe('lastBookableDay', () => {
  it('is 90 calendar days after today, across a DST change', () => {
    expect(toIsoDate(lastBookableDay(new Date(2026, 0, 15), 90))).toBe('2026-04-15');
    expect(toIsoDate(lastBookableDay(new Date(2026, 7, 10), 90))).toBe('2026-11-08');
    expect(toIsoDate(lastBookableDay(new Date(2026, 9, 24), 1))).toBe('2026-10-25');
    expect(toIsoDate(lastBookableDay(new Date(2026, 9, 31), 1))).toBe('2026-11-01');
  });
});
