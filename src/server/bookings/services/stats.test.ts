import { describe, expect, it } from 'vitest';
import { mondayOf } from './stats';

describe('mondayOf', () => {
  it.each([
    ['2026-10-05', '2026-10-05'], // a Monday is its own week's start
    ['2026-10-07', '2026-10-05'],
    ['2026-10-11', '2026-10-05'], // Sunday ends the week, it does not start one
    ['2026-01-01', '2025-12-29'], // across a year
    ['2026-03-08', '2026-03-02'], // the spring-forward Sunday
    ['2026-11-01', '2026-10-26'], // the fall-back Sunday
  ])('%s is in the week of Monday %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });
});
