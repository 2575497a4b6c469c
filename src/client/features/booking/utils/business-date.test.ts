import { describe, expect, it } from 'vitest';
import { businessToday, lastBookableDay, toIsoDate } from './business-date';

describe('businessToday', () => {
  it.each([
    // 06:30 UTC on 15 June is still the 14th in Los Angeles (UTC-7 in summer).
    ['2026-06-15T06:30:00Z', 'America/Los_Angeles', '2026-06-14'],
    ['2026-06-15T07:30:00Z', 'America/Los_Angeles', '2026-06-15'],
    // Winter offset is UTC-8.
    ['2026-01-10T07:59:00Z', 'America/Los_Angeles', '2026-01-09'],
    ['2026-01-10T08:00:00Z', 'America/Los_Angeles', '2026-01-10'],
    // Day of the spring-forward change.
    ['2026-03-08T10:30:00Z', 'America/Los_Angeles', '2026-03-08'],
    ['2026-06-15T06:30:00Z', 'Asia/Tokyo', '2026-06-15'],
  ])('at %s in %s is %s', (instant, zone, expected) => {
    expect(toIsoDate(businessToday(zone, new Date(instant)))).toBe(expected);
  });

  it('gives a local midnight date', () => {
    const d = businessToday('America/Los_Angeles', new Date('2026-06-15T20:00:00Z'));
    expect([d.getHours(), d.getMinutes()]).toEqual([0, 0]);
  });
});

describe('lastBookableDay', () => {
  it('is 90 calendar days after today, across a DST change', () => {
    expect(toIsoDate(lastBookableDay(new Date(2026, 0, 15), 90))).toBe('2026-04-15');
  });
});
