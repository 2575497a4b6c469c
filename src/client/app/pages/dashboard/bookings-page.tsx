import { useDashboardBookings } from '../../../features/dashboard/hooks/use-dashboard';
import { BookingsBrowser } from '../../../features/dashboard/components/bookings-browser';
import { ListSkeleton, LoadError } from '../../../features/dashboard/components/empty-state';
import { pageHeadingClass } from '../../../features/dashboard/components/styles';
import { useBusinessToday } from '../../../lib/use-business-today';

export default function BookingsPage() {
  const bookings = useDashboardBookings();
  const today = useBusinessToday();
  return (
    <div className="space-y-6">
      <div>
        <h1 className={pageHeadingClass}>My Bookings</h1>
        <p className="mt-1 text-neutral-700">View, cancel or ask to reschedule your appointments.</p>
      </div>
      {bookings.isPending ? (
        <ListSkeleton rows={3} label="Loading your bookings" />
      ) : bookings.isError ? (
        <LoadError message="We couldn't load your bookings." onRetry={() => void bookings.refetch()} />
      ) : (
        <BookingsBrowser bookings={bookings.data} today={today.iso} />
      )}
    </div>
  );
}
