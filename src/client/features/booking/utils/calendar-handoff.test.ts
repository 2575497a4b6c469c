import { describe, expect, it } from 'vitest';
import { wallClockToUtc } from './calendar-handoff';

describe('wallClockToUtc', () => {
  it.each([
    ['2026-12-10', '1:00 PM', 'America/Los_Angeles', '2026-12-10T21:00:00.000Z'],
    ['2026-07-10', '9:00 AM', 'America/Los_Angeles', '2026-07-10T16:00:00.000Z'],
    ['2026-03-08', '12:00 PM', 'America/Los_Angeles', '2026-03-08T19:00:00.000Z'],
    ['2026-11-01', '8:30 AM', 'America/Los_Angeles', '2026-11-01T16:30:00.000Z'],
    ['2026-12-10', '12:00 AM', 'Europe/Berlin', '2026-12-09T23:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(wallClockToUtc(date, time, zone).toISOString()).toBe(expected);
  });
});
