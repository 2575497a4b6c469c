import { useDashboardBookings } from '../../../features/dashboard/hooks/use-dashboard';
import { BookingCard } from '../../../features/dashboard/components/booking-card';
import { NoUpcomingAppointments, summarizeBookings } from '../../../features/dashboard/components/dashboard-overview';
import { ListSkeleton, LoadError } from '../../../features/dashboard/components/empty-state';
import { pageHeadingClass } from '../../../features/dashboard/components/styles';
import { useBusinessToday } from '../../../lib/use-business-today';

export default function UpcomingPage() {
  const bookings = useDashboardBookings();
  const today = useBusinessToday();
  const upcoming = bookings.data ? summarizeBookings(bookings.data, today.iso).upcoming : [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className={pageHeadingClass}>Upcoming Services</h1>
        <p className="mt-1 text-neutral-700">Your scheduled appointments, soonest first.</p>
      </div>
      {bookings.isPending ? (
        <ListSkeleton rows={3} label="Loading your bookings" />
      ) : bookings.isError ? (
        <LoadError message="We couldn't load your bookings." onRetry={() => void bookings.refetch()} />
      ) : upcoming.length === 0 ? (
        <NoUpcomingAppointments />
      ) : (
        <ul className="space-y-4">
          {upcoming.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
