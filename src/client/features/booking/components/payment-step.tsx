import { lazy, Suspense } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { DEPOSIT_CENTS, HOLD_MINUTES, serviceTypeLabel } from '../../../../shared/constants';
import { formatLongDate } from '../../../../shared/business-time';
import { formatCents } from '../../../../shared/money';
import { PreparingPayment } from '../../../components/payment/preparing-payment';
import { confirmDemoPayment } from '../api/confirm-demo-payment';
import type { CreatedBooking } from '../hooks/use-booking-form';
import { JobLines } from './job-lines';
import { TitledSection } from './titled-section';

// Loaded once step 2 shows (while its intent is made), so /book's first view carries no card form.
const CardForm = lazy(() => import('../../../components/payment/card-form').then((m) => ({ default: m.CardForm })));

interface PaymentStepProps {
  booking: CreatedBooking;
  clientSecret: string | null;
  /** The payment intent request failed; offer another try. */
  intentFailed: boolean;
  onRetryIntent: () => void;
}

/** Step 2: the reserved slot, its summary and the deposit payment. */
export function PaymentStep({ booking, clientSecret, intentFailed, onRetryIntent }: PaymentStepProps) {
  let payment;
  if (intentFailed) {
    payment = (
      <div className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>The payment form could not be prepared.</p>
        <button type="button" onClick={onRetryIntent} className="mt-2 font-semibold underline underline-offset-2">
          Try again
        </button>
      </div>
    );
  } else if (!clientSecret) {
    payment = <PreparingPayment />;
  } else {
    payment = (
      <Suspense fallback={<PreparingPayment />}>
        <CardForm
          intent={{ clientSecret }}
          payLabel={`Pay ${formatCents(DEPOSIT_CENTS, { alwaysCents: true })} Deposit`}
          action="/book"
          returnPath="/book/confirmation"
          confirmDemo={confirmDemoPayment}
        />
      </Suspense>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
        <div>
          <p className="font-semibold">Booking Confirmed!</p>
          <p className="mt-1 text-sm">
            Your time slot is reserved. We hold it for {HOLD_MINUTES} minutes until the {formatCents(DEPOSIT_CENTS)} deposit is paid.
          </p>
        </div>
      </div>

      <TitledSection id="booking-summary-title" title="Your Appointment" className="rounded-lg border border-neutral-200 bg-neutral-50 p-4">
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-neutral-700">Service</dt>
          <dd className="text-ink-950">{serviceTypeLabel(booking.serviceType)}</dd>
          <dt className="font-semibold text-neutral-700">Date</dt>
          <dd className="text-ink-950">{formatLongDate(booking.date)}</dd>
          <dt className="font-semibold text-neutral-700">Time</dt>
          <dd className="text-ink-950">{booking.time}</dd>
          <dt className="font-semibold text-neutral-700">Address</dt>
          <dd className="break-words text-ink-950">{booking.address}</dd>
          <dt className="font-semibold text-neutral-700">Deposit due now</dt>
          <dd className="text-ink-950">{formatCents(DEPOSIT_CENTS, { alwaysCents: true })}</dd>
        </dl>
        {booking.job && (
          <div className="mt-4 border-t border-neutral-200 pt-3">
            <h4 className="text-sm font-semibold text-neutral-700">Your Job</h4>
            <JobLines lines={booking.job.lines} totalCents={booking.job.totalCents} isFrom={booking.job.isFrom} caption="Your job's items" />
          </div>
        )}
      </TitledSection>

      <TitledSection id="booking-payment-title" title="Pay Your Deposit" className="space-y-3">
        {payment}
      </TitledSection>
    </div>
  );
}
