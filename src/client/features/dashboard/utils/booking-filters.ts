import { serviceTypeLabel } from '../../../../shared/constants';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';

/**
 * Past: the date is before today, or the work is completed. Compared as `yyyy-MM-dd` strings,
 * which sort like dates.
 */
export function isPastBooking(booking: Pick<DashboardBooking, 'bookingDate' | 'status'>, today: string): boolean {
  return booking.bookingDate < today || booking.status === 'completed';
}

/**
 * Upcoming: today or later and not cancelled. A completed booking counts as past only, so the
 * two lists never show the same booking.
 */
export function isUpcomingBooking(booking: Pick<DashboardBooking, 'bookingDate' | 'status'>, today: string): boolean {
  return !isPastBooking(booking, today) && booking.status !== 'cancelled';
}

/** Minutes since midnight of a label like "9:00 AM"; unknown labels sort last. */
export function timeLabelMinutes(label: string): number {
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(label.trim());
  if (!match) return 24 * 60;
  const hour = Number(match[1]) % 12;
  const minutes = Number(match[2]);
  return (match[3].toUpperCase() === 'PM' ? hour + 12 : hour) * 60 + minutes;
}

/** Sorts by date, then time of day; ascending for upcoming lists, descending otherwise. */
export function sortBookings<T extends Pick<DashboardBooking, 'bookingDate' | 'bookingTime' | 'id'>>(
  bookings: readonly T[],
  direction: 'asc' | 'desc',
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...bookings].sort((a, b) => {
    if (a.bookingDate !== b.bookingDate) return (a.bookingDate < b.bookingDate ? -1 : 1) * sign;
    const byTime = timeLabelMinutes(a.bookingTime) - timeLabelMinutes(b.bookingTime);
    if (byTime !== 0) return byTime * sign;
    return (a.id - b.id) * sign;
  });
}

export type BookingTab = 'all' | 'upcoming' | 'past';
export type StatusFilter = 'all' | 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'rescheduling';

/** The bookings a tab shows, after the search text and status filter, in the tab's order. */
export function filterBookings(
  bookings: readonly DashboardBooking[],
  options: { tab: BookingTab; search: string; status: StatusFilter; today: string },
): DashboardBooking[] {
  const raw = options.search.trim().toLowerCase();
  // "#12" asks for booking 12 exactly; plain text matches service, address or id.
  const idOnly = /^#\d+$/.test(raw) ? Number(raw.slice(1)) : null;
  const query = raw.replace(/^#/, '');
  const matches = bookings.filter((b) => {
    if (options.tab === 'upcoming' && !isUpcomingBooking(b, options.today)) return false;
    if (options.tab === 'past' && !isPastBooking(b, options.today)) return false;
    if (options.status !== 'all' && b.status !== options.status) return false;
    if (!query) return true;
    if (idOnly !== null) return b.id === idOnly;
    return (
      b.serviceType.toLowerCase().includes(query) ||
      serviceTypeLabel(b.serviceType).toLowerCase().includes(query) || b.address.toLowerCase().includes(query) || String(b.id).includes(query)
    );
  });
  return sortBookings(matches, options.tab === 'upcoming' ? 'asc' : 'desc');
}
