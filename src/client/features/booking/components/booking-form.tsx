import { lazy, Suspense } from 'react';
import { serviceTypeLabel } from '../../../../shared/constants';
import { BOOKING_NEEDS_JAVASCRIPT_MESSAGE } from '../../../../shared/form-post';
import { controlAria, FormField, roomyInputClass } from '../../../components/form-field';
import { useBookingForm, type CreatedBooking } from '../hooks/use-booking-form';
import { jobLengthText } from '../utils/job-length';
import { BookingContactFields } from './booking-contact-fields';
import { BookingSlotSection } from './booking-slot-section';
import { ContinueButton } from './continue-button';
import { EstimateLink } from './estimate-link';
import { TitledSection } from './titled-section';

// Only a service with a price list shows it: the picker's code stays off the first view.
const ItemPicker = lazy(() => import('./item-picker'));

interface BookingFormProps {
  onCreated: (booking: CreatedBooking) => void;
  /** Tells the step indicator whether a service has been chosen yet. */
  onServiceChosen: (chosen: boolean) => void;
}

/** Step 1: service, date, time and contact details; creates the pending booking. */
export function BookingForm(props: BookingFormProps) {
  const booking = useBookingForm(props);
  const { ids, form, post, serviceType, chosenMinutes, serviceOptions, jobQuote } = booking;
  const serviceError = form.formState.errors.serviceType?.message;
  const job = jobQuote.job;
  const serviceHint = !serviceType
    ? undefined
    : job
      ? `Your job takes ${jobLengthText(job.quote.minutes)}. The times offered leave room for all of it.`
      : chosenMinutes
        ? `A ${serviceTypeLabel(serviceType)} job takes ${jobLengthText(chosenMinutes)}. The times offered leave room for all of it.`
        : undefined;

  return (
    // Booking needs the page (the card payment): posted without it, /book answers that, keeping
    // what was typed, and nothing lands in the URL.
    <form method="post" action="/book" noValidate onSubmit={booking.onSubmit} className="space-y-8">
      {post && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          {BOOKING_NEEDS_JAVASCRIPT_MESSAGE}
        </p>
      )}
      <TitledSection id={`${ids.uid}-service-title`} title="Service" className="space-y-4">
        <FormField id={ids.serviceType} label="Service Type" error={serviceError} hint={serviceHint} look="roomy">
          <select defaultValue={post?.values?.serviceType} {...form.register('serviceType')} {...controlAria(ids.serviceType, serviceError, Boolean(serviceHint))} className={roomyInputClass}>
            <option value="">Select a service</option>
            {serviceOptions.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        {serviceType && jobQuote.items.length > 0 && (
          <Suspense fallback={<p className="text-sm text-neutral-600">Loading the price list...</p>}>
            <ItemPicker jobQuote={jobQuote} serviceLabel={serviceTypeLabel(serviceType)} uid={ids.uid} tooLongId={ids.jobTooLong} />
          </Suspense>
        )}
        {serviceType === 'custom-project' && <EstimateLink />}
      </TitledSection>
      <BookingSlotSection {...booking} />
      <BookingContactFields {...booking} />
      <ContinueButton pending={booking.isPending} />
    </form>
  );
}
