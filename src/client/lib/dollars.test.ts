import { describe, expect, it } from 'vitest';
import { dollarsText, parseDollars } from './dollars';

describe('parseDollars', () => {
  it.each([
    ['89', 8900],
    ['89.5', 8950],
    ['89.50', 8950],
    ['$129', 12900],
    [' 0 ', 0],
    ['100000', 10_000_000],
  ])('reads %j as %i cents', (text, cents) => expect(parseDollars(text)).toBe(cents));

  it.each(['', 'ninety', '89.999', '-5', '1,000', '100000.01', '1e3'])('refuses %j', (text) => expect(parseDollars(text)).toBeNull());
});

describe('dollarsText', () => {
  it.each([
    [8900, '89'],
    [8950, '89.50'],
    [5, '0.05'],
    [0, '0'],
  ])('%i cents read %j', (cents, text) => {
    expect(dollarsText(cents)).toBe(text);
    expect(parseDollars(text)).toBe(cents);
  });
});
