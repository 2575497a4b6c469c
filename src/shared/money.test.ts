import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars } from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0', '$0.00', '$0'],
    [5, '$0.05', '$0.05', '$0.05'],
    [5000, '$50', '$50.00', '$50'],
    [5050, '$50.50', '$50.50', '$50.50'],
    [8999, '$89.99', '$89.99', '$89.99'],
    [125000, '$1250', '$1250.00', '$1,250'],
    [10_000_000, '$100000', '$100000.00', '$100,000'],
  ])('%i cents read %s, %s with cents always, %s grouped', (cents, plain, alwaysCents, grouped) => {
    expect(formatCents(cents)).toBe(plain);
    expect(formatCents(cents, { alwaysCents: true })).toBe(alwaysCents);
    expect(formatCents(cents, { grouped: true })).toBe(grouped);
  });
});

describe('formatDollars', () => {
  it.each([
    [50, '$50', '$50.00'],
    [12.5, '$12.50', '$12.50'],
    [1250, '$1,250', '$1,250.00'],
    [1234.56, '$1,234.56', '$1,234.56'],
  ])('%s dollars read %s grouped, %s with cents always', (dollars, grouped, alwaysCents) => {
    expect(formatDollars(dollars, { grouped: true })).toBe(grouped);
    expect(formatDollars(dollars, { grouped: true, alwaysCents: true })).toBe(alwaysCents);
  });
});
