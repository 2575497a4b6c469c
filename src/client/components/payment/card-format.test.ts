import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './card-format';

describe('card input formatting', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4000 0000 0000 0002', '4000 0000 0000 0002'],
    ['42a4', '424'],
  ])('card %s -> %s', (input, expected) => expect(formatCardNumber(input)).toBe(expected));

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['12 / 30', '12 / 30'],
    ['12305', '12 / 30'],
  ])('expiry %s -> %s', (input, expected) => expect(formatExpiry(input)).toBe(expected));
});
