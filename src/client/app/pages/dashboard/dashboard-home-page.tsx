import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { useCurrentUser } from '../../../features/auth/hooks/use-auth';
import { useDashboardBookings } from '../../../features/dashboard/hooks/use-dashboard';
import {
  AppointmentList,
  DashboardStats,
  NoUpcomingAppointments,
  summarizeBookings,
} from '../../../features/dashboard/components/dashboard-overview';
import { ListSkeleton, LoadError } from '../../../features/dashboard/components/empty-state';
import { goldButtonClass, pageHeadingClass } from '../../../features/dashboard/components/styles';
import { useBusinessToday } from '../../../lib/use-business-today';

export default function DashboardHomePage() {
  const { data: user } = useCurrentUser();
  const bookings = useDashboardBookings();
  const today = useBusinessToday();
  const firstName = user?.fullName.split(/\s+/)[0];

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className={pageHeadingClass}>Dashboard</h1>
          <p className="mt-1 text-neutral-700">{firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} Here is an overview of your appointments.</p>
        </div>
        <Link to="/book" className={goldButtonClass}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Book New Service
        </Link>
      </div>
      {bookings.isPending ? (
        <ListSkeleton rows={3} label="Loading your bookings" />
      ) : bookings.isError ? (
        <LoadError message="We couldn't load your bookings." onRetry={() => void bookings.refetch()} />
      ) : (
        <DashboardContent bookings={bookings.data} today={today.iso} />
      )}
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
