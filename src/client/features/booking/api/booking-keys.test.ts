import { describe, expect, it } from 'vitest';
import { serviceKeys } from '../../../lib/services';
import { bookingKeys } from './booking-keys';

describe('bookingKeys.slots', () => {
  it('is the spec call without a service and adds serviceType with one', () => {
    expect(bookingKeys.slots('2026-06-16')).toEqual(['/api/time-slots?date=2026-06-16']);
    expect(bookingKeys.slots('2026-06-16', '')).toEqual(['/api/time-slots?date=2026-06-16']);
    expect(bookingKeys.slots('2026-06-16', 'tv-mounting')).toEqual(['/api/time-slots?date=2026-06-16&serviceType=tv-mounting']);
  });

  it('adds the length and crew need of a job picked from the price list, never without a service', () => {
    expect(bookingKeys.slots('2026-06-16', 'furniture-assembly', { minutes: 285, twoPeople: false })).toEqual([
      '/api/time-slots?date=2026-06-16&serviceType=furniture-assembly&minutes=285&twoPeople=false',
    ]);
    expect(bookingKeys.slots('2026-06-16', 'tv-mounting', { minutes: 90, twoPeople: true })).toEqual(['/api/time-slots?date=2026-06-16&serviceType=tv-mounting&minutes=90&twoPeople=true']);
    expect(bookingKeys.slots('2026-06-16', 'tv-mounting', null)).toEqual(['/api/time-slots?date=2026-06-16&serviceType=tv-mounting']);
    expect(bookingKeys.slots('2026-06-16', null, { minutes: 90, twoPeople: true })).toEqual(['/api/time-slots?date=2026-06-16']);
  });

  it('slotsOfDay matches that day for every service and no other day', () => {
    const match = bookingKeys.slotsOfDay('2026-06-16');
    expect(match({ queryKey: bookingKeys.slots('2026-06-16') })).toBe(true);
    expect(match({ queryKey: bookingKeys.slots('2026-06-16', 'shelf-mounting') })).toBe(true);
    expect(match({ queryKey: bookingKeys.slots('2026-06-16', 'shelf-mounting', { minutes: 45, twoPeople: false }) })).toBe(true);
    expect(match({ queryKey: bookingKeys.slots('2026-06-17', 'shelf-mounting') })).toBe(false);
    expect(match({ queryKey: serviceKeys.active() })).toBe(false);
  });
});
