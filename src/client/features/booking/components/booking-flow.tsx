import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { dismissToast, toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import type { PublicQuote } from '../../../../shared/schemas/estimates';
import type { CreatedBooking } from '../hooks/use-booking-form';
import { BookingForm } from './booking-form';
import { PaymentStep } from './payment-step';
import { StepIndicator } from './step-indicator';

// Only a quote's private link books a quote: its form stays out of /book's code.
const QuoteBookingForm = lazy(() => import('./quote-booking-form').then((m) => ({ default: m.QuoteBookingForm })));

/**
 * The two-step booking form: details (step 1), then the deposit payment (step 2). With `quote`
 * (an owner's quote being approved, from its private link) the job is the quote's: step 1 asks
 * only when, who and where.
 */
export function BookingFlow({ quote }: { quote?: { token: string; quote: PublicQuote } }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [serviceChosen, setServiceChosen] = useState(false);
  const [booking, setBooking] = useState<CreatedBooking | null>(null);
  const paymentIntent = useCreatePaymentIntent();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedToStep2 = useRef(false);

  const requestIntentMutation = paymentIntent.mutate;
  const requestIntent = useCallback(
    (bookingId: number) => {
      requestIntentMutation(bookingId, {
        onError: (error) => toast({ title: 'Payment Error', description: errorMessage(error, 'Failed to initialize payment'), variant: 'destructive' }),
      });
    },
    [requestIntentMutation],
  );

  function onCreated(created: CreatedBooking) {
    // An earlier failed attempt's notice no longer applies.
    dismissToast();
    setBooking(created);
    setStep(2);
    window.scrollTo({ top: 0 });
    requestIntent(created.id);
  }

  useEffect(() => {
    // Screen reader and keyboard users land on the new step's heading.
    if (step === 2 && !movedToStep2.current) {
      movedToStep2.current = true;
      headingRef.current?.focus();
    }
  }, [step]);

  const indicator = step === 2 ? 2 : serviceChosen || quote ? 1 : 0;

  return (
    <div className="space-y-6">
      <StepIndicator current={indicator} />
      <div className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold text-ink-950 focus:outline-none">
          {step === 1 ? 'Schedule an Appointment' : 'Complete Your Booking'}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">Step {step} of 2</p>
        <div className="mt-6">
          {(step === 1 || !booking) && quote ? (
            <Suspense fallback={<div className="min-h-96" aria-busy="true" />}>
              <QuoteBookingForm token={quote.token} quote={quote.quote} onCreated={onCreated} />
            </Suspense>
          ) : step === 1 || !booking ? (
            <BookingForm onCreated={onCreated} onServiceChosen={setServiceChosen} />
          ) : (
            <PaymentStep
              booking={booking}
              clientSecret={paymentIntent.data?.clientSecret ?? null}
              intentFailed={paymentIntent.isError}
              onRetryIntent={() => requestIntent(booking.id)}
            />
          )}
        </div>
      </div>
    </div>
  );
}
