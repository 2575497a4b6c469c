import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AddToCalendar } from '../../../components/ui/add-to-calendar';
import { IconDetails } from '../../../components/ui/icon-details';
import { calendarLinksOf, readBookingForCalendar, type HandoffBooking } from '../utils/calendar-handoff';
import { CalendarDays, CheckCircle2, Clock, Loader2, MapPin, XCircle } from 'lucide-react';
import { DEPOSIT_CENTS, REFUND_NOTICE_HOURS } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';
import type { RedirectStatus } from '../utils/redirect-status';
import { JobLines } from './job-lines';
import { NumberedSteps } from './numbered-steps';
import { TitledSection } from './titled-section';

const primaryButton =
  'inline-flex items-center justify-center rounded-md bg-ink-950 px-6 py-3 text-base font-semibold text-gold-300 shadow hover:bg-ink-800';
const secondaryButton =
  'inline-flex items-center justify-center rounded-md border-2 border-ink-950 bg-white px-6 py-3 text-base font-semibold text-ink-950 hover:bg-gold-50';

const LATER = 'Will be shown on your confirmation email';

/** What the browser that made the booking kept of it (no call is made); null elsewhere, or before mount. */
function useStoredBooking(): HandoffBooking | null {
  const [stored, setStored] = useState<HandoffBooking | null>(null);
  useEffect(() => setStored(readBookingForCalendar()), []);
  return stored;
}

/** "Add to calendar", only in the browser that made the booking. */
function CalendarLinks({ stored }: { stored: HandoffBooking }) {
  const links = { ...calendarLinksOf(stored), id: stored.id };
  return (
    <TitledSection id="confirmation-calendar-title" title="Add to Your Calendar" level="h2" className="mt-6 rounded-xl border border-neutral-200 p-6">
      <div className="mt-3">
        <AddToCalendar icsHref={links.ics} icsFileName={`booking-${links.id}.ics`} googleHref={links.google} />
      </div>
    </TitledSection>
  );
}

function Succeeded() {
  const stored = useStoredBooking();
  const details = [
    { label: 'Date', value: LATER, Icon: CalendarDays },
    { label: 'Time', value: LATER, Icon: Clock },
    { label: 'Address', value: LATER, Icon: MapPin },
  ];
  const next = [
    { title: 'Confirmation email', text: 'Your booking details and a calendar invite are on their way to your inbox.' },
    { title: 'We call to confirm', text: `Our team calls you ${REFUND_NOTICE_HOURS} hours before your appointment to confirm.` },
    { title: 'We arrive on time', text: 'Our pro arrives at the scheduled time with all the tools needed.' },
  ];
  return (
    <>
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-16 w-16 text-green-700" aria-hidden="true" />
        <h1 className="mt-4 font-display text-3xl font-bold text-ink-950 sm:text-4xl">Booking Confirmed!</h1>
        <p className="mx-auto mt-3 max-w-xl text-neutral-700">
          Thank you! Your {formatCents(DEPOSIT_CENTS)} deposit has been processed successfully and a confirmation email has been sent to you.
        </p>
      </div>
      <TitledSection id="confirmation-details-title" title="Booking Details" level="h2" className="mt-8 rounded-xl border border-neutral-200 bg-neutral-50 p-6">
        <IconDetails details={details} look="stacked" />
      </TitledSection>
      {stored?.job && (
        <TitledSection id="confirmation-job-title" title="Your Job" level="h2" className="mt-6 rounded-xl border border-neutral-200 p-6">
          <div className="mt-3">
            <JobLines lines={stored.job.lines} totalCents={stored.job.totalCents} isFrom={stored.job.isFrom} caption="Your job's items" />
          </div>
        </TitledSection>
      )}
      {stored && <CalendarLinks stored={stored} />}
      <div className="mt-6">
        <NumberedSteps id="whats-next-title" title="What's Next" steps={next} />
      </div>
      <div className="mt-8 text-center">
        <Link to="/" className={primaryButton}>
          Return to Home
        </Link>
      </div>
    </>
  );
}

function Failed() {
  return (
    <div className="text-center">
      <XCircle className="mx-auto h-16 w-16 text-red-700" aria-hidden="true" />
      <h1 className="mt-4 font-display text-3xl font-bold text-ink-950 sm:text-4xl">Payment Failed</h1>
      <p className="mt-2 text-lg font-medium text-neutral-800">There was an issue processing your payment</p>
      <p className="mx-auto mt-4 max-w-xl text-neutral-700">
        We weren't able to process your payment. Please try booking again or contact us for assistance.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/book" className={primaryButton}>
          Try Again
        </Link>
        <Link to="/contact" className={secondaryButton}>
          Contact Support
        </Link>
      </div>
    </div>
  );
}

function Processing() {
  return (
    <div className="py-12 text-center" role="status">
      <Loader2 className="mx-auto h-14 w-14 animate-spin text-gold-600" aria-hidden="true" />
      <h1 className="mt-4 font-display text-3xl font-bold text-ink-950">Processing Your Booking</h1>
      <p className="mt-2 text-neutral-700">Please wait while we confirm your payment.</p>
    </div>
  );
}

/** What the visitor sees after the payment provider sends them back. */
export function ConfirmationView({ status }: { status: RedirectStatus }) {
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-10">
      {status === 'succeeded' ? <Succeeded /> : status === 'failed' ? <Failed /> : <Processing />}
    </div>
  );
}
