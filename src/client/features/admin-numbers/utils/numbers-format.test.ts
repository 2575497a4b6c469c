import { describe, expect, it } from 'vitest';
import { hours, money, niceScale, percent, shortDay, weekRange, weekdayDay } from './numbers-format';

describe('numbers formatting', () => {
  it.each([
    [0, { top: 4, step: 1, ticks: [0, 1, 2, 3, 4] }],
    [1, { top: 1, step: 1, ticks: [0, 1] }],
    [3, { top: 3, step: 1, ticks: [0, 1, 2, 3] }],
    [7, { top: 8, step: 2, ticks: [0, 2, 4, 6, 8] }],
    [50, { top: 60, step: 20, ticks: [0, 20, 40, 60] }],
    [150, { top: 150, step: 50, ticks: [0, 50, 100, 150] }],
    [1250, { top: 1500, step: 500, ticks: [0, 500, 1000, 1500] }],
  ])('scales an axis up to %s', (max, expected) => {
    expect(niceScale(max)).toEqual(expected);
  });

  it('writes days, weeks, money, shares and hours for people', () => {
    expect(shortDay('2026-07-20')).toBe('Jul 20');
    expect(weekdayDay('2026-10-07')).toBe('Wed, Oct 7');
    expect(weekRange('2026-12-28')).toBe('Dec 28 – Jan 3');
    expect(money(1250)).toBe('$1,250');
    expect(money(12.5)).toBe('$12.50');
    expect(percent(330 / 5640)).toBe('6%');
    expect(percent(0.001)).toBe('Under 1%');
    expect(percent(0)).toBe('0%');
    expect(percent(null)).toBe('No open time');
    expect(hours(90)).toBe('1.5 h');
    expect(hours(600)).toBe('10 h');
  });
});
