import { describe, expect, it } from 'vitest';
import { percentTipCents, tipCentsOf } from './tip';

describe('percentTipCents', () => {
  it.each([
    // $238: 15 % is $35.70, 20 % $47.60, 25 % $59.50.
    [23_800, 15, 3_570],
    [23_800, 20, 4_760],
    [23_800, 25, 5_950],
    // $229: 20 % is $45.80.
    [22_900, 20, 4_580],
    // Half a cent rounds up, less does not: 15 % of $0.10 is 1.5 cents, of $0.03 is 0.45.
    [10, 15, 2],
    [3, 15, 0],
    // $123.45 at 15 % is $18.5175.
    [12_345, 15, 1_852],
    [0, 25, 0],
  ])('%i cents at %i %% is %i cents', (price, percent, tip) => expect(percentTipCents(price, percent)).toBe(tip));
});

describe('tipCentsOf', () => {
  it('reads none, a percentage and the dollars typed', () => {
    expect(tipCentsOf('none', '12', 23_800)).toBe(0);
    expect(tipCentsOf('20', '', 23_800)).toBe(4_760);
    expect(tipCentsOf('other', '12.5', 23_800)).toBe(1_250);
    expect(tipCentsOf('other', '$30', 23_800)).toBe(3_000);
    // More than the job's price is still an amount: the server says it is too much.
    expect(tipCentsOf('other', '500', 23_800)).toBe(50_000);
  });

  it('is null while "Other amount" is not dollars', () => {
    for (const text of ['', 'ten', '12.345', '-5']) expect(tipCentsOf('other', text, 23_800)).toBeNull();
  });
});
