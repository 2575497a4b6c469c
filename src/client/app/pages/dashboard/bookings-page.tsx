import { BookingsBrowser } from '../../../features/dashboard/components/bookings-browser';
import { DashboardHeading } from '../../../features/dashboard/components/dashboard-heading';
import { YourBookings } from '../../../features/dashboard/components/your-bookings';
import { useBusinessToday } from '../../../lib/use-business-today';

export default function BookingsPage() {
  const today = useBusinessToday();
  return (
    <div className="space-y-6">
      <DashboardHeading title="My Bookings">View, cancel or ask to reschedule your appointments.</DashboardHeading>
      <YourBookings>{(bookings) => <BookingsBrowser bookings={bookings} today={today.iso} />}</YourBookings>
    </div>
  );
}
