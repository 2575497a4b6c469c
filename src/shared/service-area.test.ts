import { describe, expect, it } from 'vitest';
import { itMaps } from '../../tests/helpers/cases';
import { checkServiceArea, zipOf } from './service-area';

const AREA = { serviceZips: ['90401', '90291'], phone: '(310) 555-0142' };

describe('zipOf', () => {
  itMaps(zipOf, [
    ['1234 Ocean Ave, Santa Monica, CA 90401', '90401'],
    ['1234 Ocean Ave, Santa Monica, CA 90401-1234', '90401'],
    ['55 Windward Ave Venice CA 90291 USA', '90291'],
    ['55 Windward Ave, Venice, CA 90291, United States', '90291'],
    ['12345 Pico Blvd, Los Angeles', null],
    ['12345 Pico Blvd', null],
    ['Apt 4, 1234 Ocean Ave, Santa Monica', null],
    ['1234 Ocean Ave, Santa Monica, CA 904011', null],
  ]);
});

describe('checkServiceArea', () => {
  it('accepts a ZIP in the list, and an address without a ZIP as not checked', () => {
    expect(checkServiceArea('1 Main St, Santa Monica, CA 90401', AREA)).toEqual({ ok: true, checked: true });
    expect(checkServiceArea('1 Main St, Santa Monica', AREA)).toEqual({ ok: true, checked: false });
  });

  it('refuses a ZIP outside the list with the phone number', () => {
    expect(checkServiceArea('200 N Spring St, Los Angeles, CA 90012', AREA)).toEqual({
      ok: false,
      zip: '90012',
      message: "Sorry, we don't serve 90012 yet. Call us at (310) 555-0142 and we'll see what we can do.",
    });
  });
});
