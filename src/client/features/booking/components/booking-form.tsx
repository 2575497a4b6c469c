import { serviceTypeLabel } from '../../../../shared/constants';
import { BOOKING_NEEDS_JAVASCRIPT_MESSAGE } from '../../../../shared/form-post';
import { controlAria, FormField, roomyInputClass } from '../../../components/form-field';
import { useBookingForm, type CreatedBooking } from '../hooks/use-booking-form';
import { jobLengthText } from '../utils/job-length';
import { BookingContactFields } from './booking-contact-fields';
import { BookingSlotSection } from './booking-slot-section';
import { EstimateLink } from './estimate-link';
import { TitledSection } from './titled-section';

interface BookingFormProps {
  onCreated: (booking: CreatedBooking) => void;
  /** Tells the step indicator whether a service has been chosen yet. */
  onServiceChosen: (chosen: boolean) => void;
}

/** Step 1: service, date, time and contact details; creates the pending booking. */
export function BookingForm(props: BookingFormProps) {
  const booking = useBookingForm(props);
  const { ids, form, post, serviceType, chosenMinutes, serviceOptions } = booking;
  const serviceError = form.formState.errors.serviceType?.message;
  const serviceHint = serviceType && chosenMinutes ? `A ${serviceTypeLabel(serviceType)} job takes ${jobLengthText(chosenMinutes)}. The times offered leave room for all of it.` : undefined;

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
        {serviceType === 'custom-project' && <EstimateLink />}
      </TitledSection>
      <BookingSlotSection {...booking} />
      <BookingContactFields {...booking} />
      <button
        type="submit"
        disabled={booking.isPending}
        className="inline-flex w-full items-center justify-center rounded-md bg-ink-950 px-6 py-3 text-base font-semibold text-gold-300 shadow hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {booking.isPending ? 'Processing...' : 'Continue to Payment'}
      </button>
    </form>
  );
}
