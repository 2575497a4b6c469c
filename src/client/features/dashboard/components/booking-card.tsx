import { useId, useState } from 'react';
import { Calendar, Clock, FileText, MapPin } from 'lucide-react';
import { serviceTypeLabel } from '../../../../shared/constants';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { AddToCalendar } from '../../../components/ui/add-to-calendar';
import { ChangeTimePanel } from '../../../components/change-time-panel';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { businessToday } from '../../../lib/dates';
import { useSiteConfig } from '../../../lib/site-config';
import { bookingCalendarLinks, dashboardKeys, getBookingMoveSlots } from '../api/dashboard-api';
import { useCancelBooking, useMoveBooking, useRequestReschedule } from '../hooks/use-dashboard';
import { canActOnBooking } from '../../../../shared/booking-change';
import { formatBookingDate } from '../../../../shared/business-time';
import { refundNote } from '../utils/format';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { StatusBadge } from '../../../components/status-badge';
import { cardClass, outlineButtonClass } from './styles';

/** One booking with its details and, while it can still change, Reschedule and Cancel. */
export function BookingCard({ booking, headingLevel = 'h2' }: { booking: DashboardBooking; headingLevel?: 'h2' | 'h3' }) {
  const headingId = useId();
  const cancel = useCancelBooking();
  const reschedule = useRequestReschedule();
  const move = useMoveBooking(booking.id);
  const config = useSiteConfig();
  const [changing, setChanging] = useState(false);
  const Heading = headingLevel;
  const isBusy = cancel.isPending || reschedule.isPending || move.isPending;
  const links = bookingCalendarLinks(booking.id);
  const canAct = canActOnBooking(booking.status);
  // Picking a new time online: paid and 24 hours or more ahead (exactly when a cancel refunds).
  const canChangeTime = canAct && booking.isRefundable;
  const note = refundNote(booking.refundStatus);
  const details = [
    { label: 'Date', value: formatBookingDate(booking.bookingDate), Icon: Calendar, className: 'flex gap-2', valueClassName: 'text-neutral-900' },
    { label: 'Time', value: booking.bookingTime, Icon: Clock, className: 'flex gap-2', valueClassName: 'text-neutral-900' },
    { label: 'Address', value: booking.address, Icon: MapPin, className: 'flex gap-2 sm:col-span-2', valueClassName: 'break-words text-neutral-900' },
    ...(booking.specialInstructions
      ? [{ label: 'Special instructions', value: booking.specialInstructions, Icon: FileText, className: 'flex gap-2 sm:col-span-2', valueClassName: 'whitespace-pre-line break-words text-neutral-700' }]
      : []),
  ];

  // mutateAsync, not mutate callbacks: the card may leave the list (a filter, the Upcoming page)
  // once the refetched booking changes status, and the toast must still show.
  function handleCancel() {
    cancel.mutateAsync(booking.id).then(
      (result) => {
        const deposit = result ? refundNote(result.booking.refundStatus) : null;
        toast({ title: 'Booking Cancelled', description: `Your booking has been successfully cancelled.${deposit ? ` ${deposit.title} ${deposit.text}` : ''}`, variant: 'success' });
      },
      (err: unknown) => {
        toast({ title: 'Failed to cancel booking. Please try again.', description: errorMessage(err, ''), variant: 'destructive' });
      },
    );
  }

  function handleReschedule() {
    reschedule.mutateAsync(booking.id).then(
      () => {
        toast({ title: 'Rescheduling Requested', description: 'We will contact you shortly to reschedule your appointment.', variant: 'success' });
      },
      (err: unknown) => {
        toast({ title: 'Failed to request rescheduling. Please try again.', description: errorMessage(err, ''), variant: 'destructive' });
      },
    );
  }

  return (
    <article aria-labelledby={headingId} className={`${cardClass} overflow-hidden`}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-neutral-100 bg-neutral-50 px-4 py-3 sm:px-5">
        <div>
          <Heading id={headingId} className="text-base font-semibold text-ink-950">
            {serviceTypeLabel(booking.serviceType)}
          </Heading>
          <p className="text-xs text-neutral-600">Booking #{booking.id}</p>
        </div>
        <StatusBadge status={booking.status} />
      </div>
      <dl className="grid gap-3 px-4 py-4 text-sm sm:grid-cols-2 sm:px-5">
        {details.map(({ label, value, Icon, className, valueClassName }) => (
          <div key={label} className={className}>
            <dt>
              <Icon className="h-4 w-4 text-gold-600" aria-hidden="true" />
              <span className="sr-only">{label}</span>
            </dt>
            <dd className={valueClassName}>{value}</dd>
          </div>
        ))}
      </dl>
      {note && (
        <p className="border-t border-neutral-100 px-4 py-3 text-sm text-neutral-700 sm:px-5">
          <span className="font-semibold text-ink-950">{note.title}</span> {note.text}
        </p>
      )}
      {booking.status !== 'cancelled' && booking.status !== 'completed' && (
        <div className="border-t border-neutral-100 px-4 py-3 sm:px-5">
          <AddToCalendar icsHref={links.ics} icsFileName={`booking-${booking.id}.ics`} googleHref={links.google} label={`booking #${booking.id}`} />
        </div>
      )}
      {changing && (
        <div className="border-t border-neutral-100 px-4 py-3 sm:px-5">
          <ChangeTimePanel
            slotsKey={dashboardKeys.moveSlots(booking.id)}
            getSlots={(date) => getBookingMoveSlots(booking.id, date)}
            move={(input) => move.mutateAsync(input)}
            today={businessToday(config.data?.business.timeZone ?? DEFAULT_BUSINESS_TZ)}
            windowDays={config.data?.schedule.bookingWindowDays ?? 90}
            onClose={() => setChanging(false)}
            onMoved={(message) => {
              setChanging(false);
              toast({ title: 'Time changed', description: message, variant: 'success' });
            }}
          />
        </div>
      )}
      {canAct && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-100 px-4 py-3 sm:px-5">
          {canChangeTime && !changing && (
            <button type="button" className={outlineButtonClass} disabled={isBusy} onClick={() => setChanging(true)}>
              Change time
            </button>
          )}
          <button type="button" className={outlineButtonClass} disabled={isBusy} onClick={handleReschedule}>
            {reschedule.isPending ? 'Requesting...' : 'Reschedule'}
          </button>
          <CancelBookingDialog booking={booking} isPending={cancel.isPending} disabled={isBusy} onConfirm={handleCancel} />
        </div>
      )}
    </article>
  );
}
