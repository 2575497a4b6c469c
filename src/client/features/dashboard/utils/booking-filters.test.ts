import { describe, expect, it } from 'vitest';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import { filterBookings, isPastBooking, isUpcomingBooking, sortBookings } from './booking-filters';

function booking(id: number, bookingDate: string, status = 'confirmed', extra: Partial<DashboardBooking> = {}): DashboardBooking {
  return {
    id,
    serviceType: 'furniture-assembly',
    bookingDate,
    bookingTime: '10:00 AM',
    address: '123 Ocean Ave, Santa Monica',
    specialInstructions: null,
    status,
    depositPaid: false,
    isRefundable: false,
    refundStatus: 'none',
    ...extra,
  };
}

describe('upcoming and past', () => {
  const today = '2026-05-10';
  it.each([
    ['2026-05-10', 'pending', true, false],
    ['2026-06-01', 'confirmed', true, false],
    ['2026-06-01', 'cancelled', false, false],
    ['2026-06-01', 'completed', false, true],
    ['2026-05-09', 'confirmed', false, true],
    ['2026-05-09', 'cancelled', false, true],
  ])('%s %s: upcoming %s, past %s', (date, status, upcoming, past) => {
    expect(isUpcomingBooking(booking(1, date, status), today)).toBe(upcoming);
    expect(isPastBooking(booking(1, date, status), today)).toBe(past);
  });
});

describe('sortBookings', () => {
  it('orders by date then time of day', () => {
    const list = [
      booking(1, '2026-06-02', 'confirmed', { bookingTime: '9:00 AM' }),
      booking(2, '2026-06-01', 'confirmed', { bookingTime: '1:00 PM' }),
      booking(3, '2026-06-01', 'confirmed', { bookingTime: '11:00 AM' }),
    ];
    expect(sortBookings(list, 'asc').map((b) => b.id)).toEqual([3, 2, 1]);
    expect(sortBookings(list, 'desc').map((b) => b.id)).toEqual([1, 2, 3]);
  });
});

describe('filterBookings', () => {
  const today = '2026-05-10';
  const list = [
    booking(11, '2026-06-01', 'pending', { serviceType: 'tv-mounting', address: '1 Main St, Venice' }),
    booking(12, '2026-06-03', 'confirmed'),
    booking(13, '2026-04-01', 'completed'),
    booking(14, '2026-06-05', 'cancelled'),
  ];

  it('shows upcoming ascending and the rest descending', () => {
    expect(filterBookings(list, { tab: 'upcoming', search: '', status: 'all', today }).map((b) => b.id)).toEqual([11, 12]);
    expect(filterBookings(list, { tab: 'past', search: '', status: 'all', today }).map((b) => b.id)).toEqual([13]);
    expect(filterBookings(list, { tab: 'all', search: '', status: 'all', today }).map((b) => b.id)).toEqual([14, 12, 11, 13]);
  });

  it('searches service type (value or label), address and id', () => {
    const ids = (search: string) => filterBookings(list, { tab: 'all', search, status: 'all', today }).map((b) => b.id);
    expect(ids('TV Mounting')).toEqual([11]);
    expect(ids('tv-mount')).toEqual([11]);
    expect(ids('venice')).toEqual([11]);
    expect(ids('#13')).toEqual([13]);
    expect(ids('13')).toEqual([13]);
    // A bare number also matches addresses; '#' asks for the id alone.
    expect(ids('1')).toEqual([14, 12, 11, 13]);
    expect(ids('#1')).toEqual([]);
    expect(ids('nothing like this')).toEqual([]);
  });

  it('filters by status', () => {
    expect(filterBookings(list, { tab: 'all', search: '', status: 'cancelled', today }).map((b) => b.id)).toEqual([14]);
  });
});
