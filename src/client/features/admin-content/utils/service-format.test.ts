import { describe, expect, it } from 'vitest';
import { durationText, formatPrice } from './service-format';
import { movedIds } from '../components/content-form-parts';

describe('formatPrice and durationText', () => {
  it.each([
    [8900, '$89'],
    [8950, '$89.50'],
    [5, '$0.05'],
  ])('%i cents is %s', (cents, text) => expect(formatPrice(cents)).toBe(text));

  it.each([
    [30, '30 minutes'],
    [60, '1 hour'],
    [105, '1 hour 45 minutes'],
    [240, '4 hours'],
  ])('%i minutes is %s', (minutes, text) => expect(durationText(minutes)).toBe(text));
});

describe('movedIds', () => {
  it('swaps an item with its neighbour and leaves the ends alone', () => {
    expect(movedIds([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(movedIds([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(movedIds([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(movedIds([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
