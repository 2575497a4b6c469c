import { describe, expect, it } from 'vitest';
import { parseRedirectStatus } from './redirect-status';

describe('parseRedirectStatus', () => {
  it.each([
    ['succeeded', 'succeeded'],
    ['failed', 'failed'],
    ['processing', 'processing'],
    ['requires_payment_method', 'processing'],
    ['', 'processing'],
    [null, 'processing'],
  ] as const)('%s -> %s', (input, expected) => {
    expect(parseRedirectStatus(input)).toBe(expected);
  });
});
