import { describe, expect, it } from 'vitest';
import { ACTUAL_JOBS_COUNTED, itemActualTime, lineShares, timeFlag, type CompletedJob, type TimedLine } from './actual-times';

const DRESSER = 3;
const BED = 4;
const dresser = (quantity: number, unit = 90): TimedLine => ({ itemId: DRESSER, quantity, minutes: unit * quantity });
const bed = (quantity = 1): TimedLine => ({ itemId: BED, quantity, minutes: 75 * quantity });
const anchor = (quantity: number): TimedLine => ({ quantity, minutes: 10 * quantity });
const job = (actualMinutes: number, ...lines: TimedLine[]): CompletedJob => ({ actualMinutes, lines });

describe('lineShares: a job’s real time shared by its lines’ listed minutes', () => {
  it.each([
    ['one line takes it all', job(100, dresser(1)), [100]],
    ['two dressers anchored and a bed, listed 275, took 330 (20 % more each)', job(330, dresser(2), anchor(2), bed()), [216, 24, 90]],
    ['quicker than listed: every line shrinks alike', job(150, dresser(1), { itemId: BED, quantity: 1, minutes: 60 }), [90, 60]],
    ['lines listing no time get nothing, the rest share it', job(60, { quantity: 1, minutes: 0 }, dresser(1)), [0, 60]],
    ['a job listing no time at all shares nothing', job(60, { quantity: 1, minutes: 0 }), [0]],
  ])('%s', (_label, completed, shares) => {
    expect(lineShares(completed)).toEqual(shares);
  });

  it('the shares add up to the real time', () => {
    const shares = lineShares(job(317, dresser(2), anchor(2), bed(), dresser(1)));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(317, 9);
  });
});

describe('itemActualTime: one unit’s real time over its last jobs', () => {
  it('has no average and no jobs when no job had the item', () => {
    expect(itemActualTime(DRESSER, [])).toEqual({ averageActualMinutes: null, actualJobCount: 0 });
    expect(itemActualTime(DRESSER, [job(100, bed())])).toEqual({ averageActualMinutes: null, actualJobCount: 0 });
  });

  it('divides a line’s share by its quantity: two dressers in 216 minutes are 108 each', () => {
    expect(itemActualTime(DRESSER, [job(330, dresser(2), anchor(2), bed())])).toEqual({ averageActualMinutes: 108, actualJobCount: 1 });
    expect(itemActualTime(BED, [job(330, dresser(2), anchor(2), bed())])).toEqual({ averageActualMinutes: 90, actualJobCount: 1 });
  });

  it('weighs jobs by their units: minutes given to the item ÷ its units', () => {
    // 4 dressers in 480 (120 each) and 1 dresser in 60: 540 ÷ 5 = 108, not (120 + 60) ÷ 2.
    expect(itemActualTime(DRESSER, [job(480, dresser(4)), job(60, dresser(1))])).toEqual({ averageActualMinutes: 108, actualJobCount: 2 });
  });

  it('counts an item in two lines of one job as one job', () => {
    // 90 + 10 + 180 listed, 280 real: 3 dressers in 270 minutes.
    expect(itemActualTime(DRESSER, [job(280, dresser(1), anchor(1), dresser(2))])).toEqual({ averageActualMinutes: 90, actualJobCount: 1 });
  });

  it('gives add-on lines and lines without an item id to no item', () => {
    // Listed 90 + 30 (an old line with no id): the dresser gets 3/4 of 160.
    expect(itemActualTime(DRESSER, [job(160, dresser(1), { quantity: 1, minutes: 30 })])).toEqual({ averageActualMinutes: 120, actualJobCount: 1 });
  });

  it(`reads only the first ${ACTUAL_JOBS_COUNTED} jobs that had the item, skipping the others`, () => {
    const recent = Array.from({ length: ACTUAL_JOBS_COUNTED }, () => job(60, dresser(1)));
    const older = Array.from({ length: 5 }, () => job(600, dresser(1)));
    const between = [job(100, bed()), job(100, bed())];
    expect(itemActualTime(DRESSER, [...recent.slice(0, 10), ...between, ...recent.slice(10), ...older])).toEqual({ averageActualMinutes: 60, actualJobCount: ACTUAL_JOBS_COUNTED });
  });

  it('rounds the average to the minute', () => {
    // 100 + 101 + 101 minutes for 3 dressers: 100.67 → 101.
    expect(itemActualTime(DRESSER, [job(100, dresser(1)), job(101, dresser(1)), job(101, dresser(1))]).averageActualMinutes).toBe(101);
  });
});

describe('timeFlag: more than 20 % off the listed minutes', () => {
  it.each([
    [90, null, null],
    [90, 90, null],
    [90, 108, null],
    [90, 109, 'longer'],
    [90, 72, null],
    [90, 71, 'quicker'],
    [45, 54, null],
    [45, 55, 'longer'],
    [45, 36, null],
    [45, 35, 'quicker'],
  ] as const)('listed %i, real %s: %s', (listed, real, flag) => {
    expect(timeFlag(listed, real)).toBe(flag);
  });
});
