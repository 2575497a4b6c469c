import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarClock, CheckCircle2, Hourglass } from 'lucide-react';
import { serviceTypeLabel } from '../../../../shared/constants';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import { isPastBooking, isUpcomingBooking, sortBookings } from '../utils/booking-filters';
import { formatBookingDate } from '../../../../shared/business-time';
import { NoBookingsYet } from './empty-state';
import { StatusBadge } from '../../../components/status-badge';
import { cardClass } from './styles';

/** The dashboard lists show at most this many bookings; 'View all' leads to the rest. */
const LIST_LIMIT = 3;

export function summarizeBookings(bookings: readonly DashboardBooking[], today: string) {
  const upcoming = sortBookings(
    bookings.filter((b) => isUpcomingBooking(b, today)),
    'asc',
  );
  const past = sortBookings(
    bookings.filter((b) => isPastBooking(b, today)),
    'desc',
  );
  return {
    upcoming,
    past,
    pendingCount: upcoming.filter((b) => b.status === 'pending').length,
    completedCount: bookings.filter((b) => b.status === 'completed').length,
  };
}

function StatCard({ icon, label, value, note }: { icon: ReactNode; label: string; value: number; note: string }) {
  return (
    <div className={`${cardClass} flex items-start gap-4 p-5`}>
      <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-ink-950 text-gold-400">{icon}</div>
      <div>
        <p className="text-sm font-medium text-neutral-700">{label}</p>
        <p className="text-3xl font-bold text-ink-950">{value}</p>
        <p className="text-xs text-neutral-600">{note}</p>
      </div>
    </div>
  );
}

export function DashboardStats({ upcoming, pending, completed }: { upcoming: number; pending: number; completed: number }) {
  return (
    <section aria-label="Booking summary" className="grid gap-4 sm:grid-cols-3">
      <StatCard icon={<CalendarClock className="h-5 w-5" aria-hidden="true" />} label="Upcoming Appointments" value={upcoming} note="Scheduled from today on" />
      <StatCard icon={<Hourglass className="h-5 w-5" aria-hidden="true" />} label="Pending Appointments" value={pending} note="Awaiting confirmation" />
      <StatCard icon={<CheckCircle2 className="h-5 w-5" aria-hidden="true" />} label="Completed Services" value={completed} note="Finished jobs" />
    </section>
  );
}

function AppointmentRow({ booking }: { booking: DashboardBooking }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-ink-950">{serviceTypeLabel(booking.serviceType)}</p>
        <p className="text-sm text-neutral-700">
          {formatBookingDate(booking.bookingDate)} at {booking.bookingTime}
        </p>
        <p className="truncate text-sm text-neutral-600">{booking.address}</p>
      </div>
      <StatusBadge status={booking.status} />
    </li>
  );
}

/** A short list (at most three) with a 'View all' link to My Bookings. */
export function AppointmentList({ title, bookings, empty }: { title: string; bookings: DashboardBooking[]; empty?: ReactNode }) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className={`${cardClass} p-5`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-ink-950">
          {title}
        </h2>
        <Link
          to="/dashboard/bookings"
          aria-label={`View all ${title.toLowerCase()}`}
          className="text-sm font-semibold text-gold-700 underline-offset-2 hover:text-gold-800 hover:underline"
        >
          View all
        </Link>
      </div>
      {bookings.length === 0 ? (
        <div className="mt-4">{empty}</div>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-100">
          {bookings.slice(0, LIST_LIMIT).map((b) => (
            <AppointmentRow key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function NoUpcomingAppointments() {
  return <NoBookingsYet title="No upcoming appointments" description="You don't have any upcoming appointments." />;
}
