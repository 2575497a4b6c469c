import type { PublicQuote } from '../../../../shared/schemas/estimates';
import type { CreatedBooking } from '../hooks/use-booking-form';
import { useQuoteBookingForm } from '../hooks/use-quote-booking-form';
import { jobLengthText } from '../utils/job-length';
import { BookingContactFields } from './booking-contact-fields';
import { BookingSlotSection } from './booking-slot-section';
import { ContinueButton } from './continue-button';

/** Step 1 of booking an owner's quote: a day and a start where the whole job fits, then who and where. */
export function QuoteBookingForm({ token, quote, onCreated }: { token: string; quote: PublicQuote; onCreated: (booking: CreatedBooking) => void }) {
  const booking = useQuoteBookingForm({ token, quote, onCreated });
  return (
    <form method="post" action={`/quote/${encodeURIComponent(token)}`} noValidate onSubmit={booking.onSubmit} className="space-y-8">
      <p className="rounded-md border border-gold-300 bg-gold-50 px-3 py-2 text-sm text-ink-900">
        Your job takes {jobLengthText(quote.minutes)}. The times offered leave room for all of it.
      </p>
      <BookingSlotSection {...booking} />
      <BookingContactFields {...booking} />
      <ContinueButton pending={booking.isPending} />
    </form>
  );
}
