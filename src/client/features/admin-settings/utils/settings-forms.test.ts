import { describe, expect, it } from 'vitest';
import { bpsToPercent, crewCountOf, invoiceSettingsFormSchema, percentToBps, scheduleFormSchema, TAX_PERCENT_MESSAGE } from './settings-forms';

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

describe('the tax rate box', () => {
  it('reads a percent with up to two decimals as basis points, from 0 to 25', () => {
    expect(percentToBps('9.5')).toBe(950);
    expect(percentToBps('10.25 %')).toBe(1025);
    expect(percentToBps('0')).toBe(0);
    expect(percentToBps('25')).toBe(2500);
    for (const bad of ['25.01', '-1', '9.555', 'ten', '']) expect(percentToBps(bad)).toBeNull();
    expect(bpsToPercent(1025)).toBe('10.25');
    expect(bpsToPercent(950)).toBe('9.5');
    expect(invoiceSettingsFormSchema.parse({ materialsTaxRateBps: '10.25' })).toEqual({ materialsTaxRateBps: 1025 });
    const refused = invoiceSettingsFormSchema.safeParse({ materialsTaxRateBps: '30' });
    expect(refused.success ? '' : refused.error.issues[0]!.message).toBe(TAX_PERCENT_MESSAGE);
  });
});
