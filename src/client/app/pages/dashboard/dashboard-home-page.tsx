import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { useCurrentUser } from '../../../features/auth/hooks/use-auth';
import {
  AppointmentList,
  DashboardStats,
  NoUpcomingAppointments,
  summarizeBookings,
} from '../../../features/dashboard/components/dashboard-overview';
import { goldButtonClass } from '../../../features/dashboard/components/styles';
import { DashboardHeading } from '../../../features/dashboard/components/dashboard-heading';
import { YourBookings } from '../../../features/dashboard/components/your-bookings';
import { useBusinessToday } from '../../../lib/use-business-today';

export default function DashboardHomePage() {
  const { data: user } = useCurrentUser();
  const today = useBusinessToday();
  const firstName = user?.fullName.split(/\s+/)[0];

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <DashboardHeading title="Dashboard">{firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} Here is an overview of your appointments.</DashboardHeading>
        <Link to="/book" className={goldButtonClass}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Book New Service
        </Link>
      </div>
      <YourBookings>{(bookings) => <DashboardContent bookings={bookings} today={today.iso} />}</YourBookings>
    </div>
  );
}

function DashboardContent({ bookings, today }: { bookings: Parameters<typeof summarizeBookings>[0]; today: string }) {
  const summary = summarizeBookings(bookings, today);
  return (
    <>
      <DashboardStats upcoming={summary.upcoming.length} pending={summary.pendingCount} completed={summary.completedCount} />
      <AppointmentList title="Upcoming Appointments" bookings={summary.upcoming} empty={<NoUpcomingAppointments />} />
      {summary.past.length > 0 && <AppointmentList title="Past Appointments" bookings={summary.past} />}
    </>
  );
}
