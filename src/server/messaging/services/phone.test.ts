import { describe, expect, it } from 'vitest';
import { toUsE164 } from './phone';

describe('toUsE164', () => {
  it.each([
    ['(310) 555-0123', '+13105550123'],
    ['310-555-0123', '+13105550123'],
    ['310.555.0123', '+13105550123'],
    ['3105550123', '+13105550123'],
    [' 310 555 0123 ', '+13105550123'],
    ['1 310 555 0123', '+13105550123'],
    ['1-310-555-0123', '+13105550123'],
    ['+1 (310) 555-0123', '+13105550123'],
    ['+13105550123', '+13105550123'],
    ['(212) 555-0199', '+12125550199'],
  ])('%j -> %s', (input, expected) => {
    expect(toUsE164(input)).toBe(expected);
  });

  it.each([
    ['555-0123', 'too short'],
    ['31055501234', '11 digits not starting with 1'],
    ['+44 20 7946 0958', 'not a US number'],
    ['+310 555 0123', 'a plus without the country code 1'],
    ['(010) 555-0123', 'area code starting with 0'],
    ['(310) 155-0123', 'exchange starting with 1'],
    ['310-555-0123 ext 4', 'an extension'],
    ['', 'empty'],
    ['phone', 'no digits'],
    // Caribbean members of the North American plan: +1, but not the US, and billed as international.
    ['+1 876 555 1234', 'Jamaica'],
    ['(876) 555-1234', 'Jamaica, without the +1'],
    ['+1 809 555 1234', 'Dominican Republic'],
    ['+1 268 555 1234', 'Antigua and Barbuda'],
    ['+1 649 555 1234', 'Turks and Caicos'],
    ['1 (649) 555-1234', 'Turks and Caicos, with a leading 1'],
    ['+1 900 555 1234', 'a US premium-rate number'],
    ['(900) 555-1234', 'a US premium-rate number without the +1'],
  ])('%j is refused (%s)', (input) => {
    expect(toUsE164(input)).toBeNull();
  });
});
