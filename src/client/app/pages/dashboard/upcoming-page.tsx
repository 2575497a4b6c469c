import { NoUpcomingAppointments, summarizeBookings } from '../../../features/dashboard/components/dashboard-overview';
import { DashboardHeading } from '../../../features/dashboard/components/dashboard-heading';
import { BookingCardList, YourBookings } from '../../../features/dashboard/components/your-bookings';
import { useBusinessToday } from '../../../lib/use-business-today';

export default function UpcomingPage() {
  const today = useBusinessToday();
  return (
    <div className="space-y-6">
      <DashboardHeading title="Upcoming Services">Your scheduled appointments, soonest first.</DashboardHeading>
      <YourBookings>
        {(bookings) => {
          const { upcoming } = summarizeBookings(bookings, today.iso);
          return upcoming.length === 0 ? <NoUpcomingAppointments /> : <BookingCardList bookings={upcoming} />;
        }}
      </YourBookings>
    </div>
  );
}
