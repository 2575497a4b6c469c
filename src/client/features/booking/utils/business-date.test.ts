import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../lib/dates';
import { lastBookableDay } from './business-date';

describe('lastBookableDay', () => {
  it('is 90 calendar days after today, across a DST change', () => {
    expect(toIsoDate(lastBookableDay(new Date(2026, 0, 15), 90))).toBe('2026-04-15');
    expect(toIsoDate(lastBookableDay(new Date(2026, 7, 10), 90))).toBe('2026-11-08');
    expect(toIsoDate(lastBookableDay(new Date(2026, 9, 24), 1))).toBe('2026-10-25');
    expect(toIsoDate(lastBookableDay(new Date(2026, 9, 31), 1))).toBe('2026-11-01');
  });
});
