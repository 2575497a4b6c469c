import { describe, expect, it } from 'vitest';
import { crewCountOf, scheduleFormSchema } from './settings-forms';

const boxes = (crews: string, crewSizes: (string | undefined)[]) => ({ travelBufferMinutes: '30', crews, crewSizes, serviceZips: '90401' });

describe('scheduleFormSchema: one size per crew, as many as the crews box says', () => {
  it.each([
    ['as chosen', '2', ['1', '2'], [1, 2]],
    ['sizes past the count are left out', '1', ['1', '2', '2'], [1]],
    ['a crew added is a crew of two', '3', ['1'], [1, 2, 2]],
    ['a select not read yet is a crew of two', '2', ['1', undefined], [1, 2]],
  ])('%s', (_label, crews, sizes, expected) => {
    expect(scheduleFormSchema.parse(boxes(crews, sizes))).toEqual({ travelBufferMinutes: 30, crews: Number(crews), crewSizes: expected, serviceZips: ['90401'] });
  });

  it('a bad count is named on the crews box, not on the sizes', () => {
    const result = scheduleFormSchema.safeParse(boxes('25', ['2']));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['crews', 'Crews must be a whole number from 1 to 20']]);
  });
});

describe('crewCountOf: the selects shown while the crews box is typed in', () => {
  it.each([
    ['3', 1, 3],
    ['', 2, 2],
    ['0', 2, 2],
    ['21', 2, 2],
    ['1.5', 2, 2],
    ['abc', 1, 1],
  ])('“%s” with %i saved: %i', (text, saved, count) => {
    expect(crewCountOf(text, saved)).toBe(count);
  });
});
