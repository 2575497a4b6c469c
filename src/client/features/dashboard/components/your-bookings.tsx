import type { ReactNode } from 'react';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import { useDashboardBookings } from '../hooks/use-dashboard';
import { BookingCard } from './booking-card';
import { ListSkeleton, LoadError } from './empty-state';

/** What `children` makes of the customer's bookings once loaded; a skeleton meanwhile, or the error with Try again. */
export function YourBookings({ children }: { children: (bookings: DashboardBooking[]) => ReactNode }) {
  const bookings = useDashboardBookings();
  if (bookings.isPending) return <ListSkeleton rows={3} label="Loading your bookings" />;
  if (bookings.isError) return <LoadError message="We couldn't load your bookings." onRetry={() => void bookings.refetch()} />;
  return children(bookings.data);
}

/** Bookings as full cards, one under the other. */
export function BookingCardList({ bookings, label }: { bookings: DashboardBooking[]; label?: string }) {
  return (
    <ul className="space-y-4" aria-label={label}>
      {bookings.map((booking) => (
        <li key={booking.id}>
          <BookingCard booking={booking} />
        </li>
      ))}
    </ul>
  );
}
