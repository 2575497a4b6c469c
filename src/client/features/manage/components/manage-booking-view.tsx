import { useId, useState } from 'react';
import { Calendar, Clock, CreditCard, Info, MapPin, Wrench } from 'lucide-react';
import { googleCalendarUrl } from '../../../../shared/calendar-links';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import type { ManagedBooking } from '../../../../shared/schemas/manage';
import { AddToCalendar } from '../../../components/ui/add-to-calendar';
import { IconDetails } from '../../../components/ui/icon-details';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DeadLinkCard } from '../../../components/ui/dead-link';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSiteConfig } from '../../../lib/site-config';
import { getMoveSlots, manageKeys, managedBookingIcsUrl, useCancelManagedBooking, useManagedBooking, useMoveManagedBooking } from '../api/manage-api';
import { businessToday } from '../../../lib/dates';
import { telHref } from '../../../../shared/tel-href';
import { formatLongDate } from '../../../../shared/business-time';
import { cancelDepositSentence, depositState } from '../utils/format';
import { ChangeTimePanel } from '../../../components/change-time-panel';
import { StatusBadge } from '../../../components/status-badge';

const CARD = 'rounded-xl border border-neutral-200 bg-white shadow-sm';
const OUTLINE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold text-neutral-900 shadow-sm hover:border-gold-500 hover:bg-gold-50 disabled:cursor-not-allowed disabled:opacity-60';
const DANGER =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-red-700 bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';

/** The page a dead link (wrong, expired or unknown) shows. */
export function DeadLink() {
  return (
    <DeadLinkCard
      title="This link is no longer valid"
      reason="The link may be mistyped, or the appointment it was for has already taken place."
      links={[{ href: '/book', label: 'Book a Service' }, { href: '/contact', label: 'Contact Us' }]}
    />
  );
}

function Details({ booking }: { booking: ManagedBooking }) {
  const rows = [
    { label: 'Service', value: booking.serviceName, Icon: Wrench },
    { label: 'Date', value: formatLongDate(booking.bookingDate), Icon: Calendar },
    { label: 'Time', value: `${booking.bookingTime} to ${booking.endTime}`, Icon: Clock },
    { label: 'Address', value: booking.address, Icon: MapPin, wide: true },
    { label: 'Deposit', value: depositState(booking), Icon: CreditCard },
  ];
  return <IconDetails details={rows} look="grid" />;
}

/** A guest's booking through its private link: details, add to calendar, change time, cancel. */
export function ManageBookingView({ token }: { token: string }) {
  const headingId = useId();
  const query = useManagedBooking(token);
  const cancel = useCancelManagedBooking(token);
  const move = useMoveManagedBooking(token);
  const config = useSiteConfig();
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (query.isPending) {
    return <div className={`${CARD} h-96 animate-pulse bg-neutral-100`} aria-busy="true" aria-label="Loading your booking" />;
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <DeadLink />;
    return (
      <div className={`${CARD} p-6 text-center`} role="alert">
        <p className="text-neutral-800">We couldn't load your booking. {errorMessage(query.error, '')}</p>
        <button type="button" className={`${OUTLINE} mt-4`} onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const booking = query.data;
  const timeZone = config.data?.business.timeZone ?? DEFAULT_BUSINESS_TZ;
  const windowDays = config.data?.schedule.bookingWindowDays ?? 90;
  const when = `${formatLongDate(booking.bookingDate)} at ${booking.bookingTime}`;
  const google = googleCalendarUrl({
    title: `${booking.serviceName}${config.data ? ` with ${config.data.business.name}` : ''}`,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    details: `Questions or changes: ${booking.businessPhone}`,
    location: booking.address,
  });

  function handleCancel() {
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setChanging(false);
        setNotice(result.message);
      },
      onError: (err) => toast({ title: 'Could not cancel the booking', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
    });
  }

  return (
    <div className="space-y-5">
      <article aria-labelledby={headingId} className={`${CARD} overflow-hidden`}>
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-neutral-100 bg-neutral-50 px-4 py-4 sm:px-6">
          <div>
            <h1 id={headingId} className="font-display text-2xl font-bold text-ink-950">
              Your booking
            </h1>
            <p className="mt-0.5 text-sm text-neutral-700">{booking.serviceName}</p>
          </div>
          <p className="flex items-center gap-2 text-sm text-neutral-700">
            <span>Status:</span> <StatusBadge status={booking.status} />
          </p>
        </div>
        <Details booking={booking} />
        {notice && (
          <p role="status" className="mx-4 mb-4 rounded-md border border-green-600/40 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 sm:mx-6">
            {notice}
          </p>
        )}
        {booking.status !== 'cancelled' && (
          <div className="border-t border-neutral-100 px-4 py-4 sm:px-6">
            <h2 className="mb-2 text-sm font-semibold text-ink-950">Add to your calendar</h2>
            <AddToCalendar icsHref={managedBookingIcsUrl(token)} icsFileName="appointment.ics" googleHref={google} />
          </div>
        )}
      </article>

      {booking.status === 'rescheduling' && (
        <p className={`${CARD} flex gap-2 p-4 text-sm text-neutral-800 sm:p-6`}>
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
          <span>
            You asked us to reschedule this booking. We will contact you shortly to agree on a new time. Questions? Call us at{' '}
            <a className="font-semibold text-ink-950 underline" href={telHref(booking.businessPhone)}>
              {booking.businessPhone}
            </a>
            .
          </span>
        </p>
      )}
      {booking.canCancel && (
        <section aria-label="Change or cancel" className={`${CARD} space-y-4 p-3 sm:p-6`}>
          {booking.canMove ? (
            !changing && (
              <div>
                <p className="text-sm text-neutral-700">Need a different time? You can pick a new one until 24 hours before your appointment.</p>
                <button type="button" className={`${OUTLINE} mt-3`} onClick={() => setChanging(true)}>
                  Change time
                </button>
              </div>
            )
          ) : (
            <p className="flex gap-2 text-sm text-neutral-800">
              <Info className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
              <span>
                Your appointment is less than 24 hours away, so its time can no longer be changed online. To change it, call us at{' '}
                <a className="font-semibold text-ink-950 underline" href={telHref(booking.businessPhone)}>
                  {booking.businessPhone}
                </a>
                .
              </span>
            </p>
          )}
          {changing && (
            <ChangeTimePanel
              slotsKey={manageKeys.slotsOf(token)}
              getSlots={(date) => getMoveSlots(token, date)}
              move={(input) => move.mutateAsync(input)}
              today={businessToday(timeZone)}
              windowDays={windowDays}
              onClose={() => setChanging(false)}
              onMoved={(message) => {
                setChanging(false);
                setNotice(message);
              }}
            />
          )}
          <div className="border-t border-neutral-100 pt-4">
            <p className="text-sm font-medium text-neutral-900">{cancelDepositSentence(booking)}</p>
            <div className="mt-3">
              <ConfirmDialog
                trigger={
                  <button type="button" className={DANGER} disabled={cancel.isPending}>
                    {cancel.isPending ? 'Cancelling...' : 'Cancel booking'}
                  </button>
                }
                title="Cancel this booking?"
                cancelLabel="No, keep it"
                confirmLabel="Yes, cancel booking"
                onConfirm={handleCancel}
              >
                <p>Are you sure you want to cancel your booking for {when}? This action cannot be undone.</p>
                <p className="font-medium text-neutral-900">{cancelDepositSentence(booking)}</p>
              </ConfirmDialog>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
