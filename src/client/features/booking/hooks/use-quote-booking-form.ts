import { useEffect } from 'react';
import { serviceTypeLabel } from '../../../../shared/constants';
import { bookedJobMinutes } from '../../../../shared/job-length';
import type { CreateBookingInput } from '../../../../shared/schemas/booking';
import type { PublicQuote } from '../../../../shared/schemas/estimates';
import type { BookingFormValues } from '../utils/booking-form-schema';
import { useTimeSlots } from '../api/get-time-slots';
import { jobLengthText } from '../utils/job-length';
import type { CreatedBooking } from './use-booking-form';
import { useBookingStep } from './use-booking-step';

/** The service a quote is booked under when its lines are not of one service (as the server files it). */
export const QUOTED_SERVICE_TYPE = 'custom-project';

/**
 * "Approve and book": step 1 for an owner's quote. The job is the quote's (the server books it by
 * `quoteToken`, its lines, total, length and crew need); the visitor picks a day and one of the
 * starts where it fits, then says who and where, and gets the usual deposit step.
 */
export function useQuoteBookingForm({ token, quote, onCreated }: { token: string; quote: PublicQuote; onCreated: (booking: CreatedBooking) => void }) {
  const serviceType = quote.serviceType ?? QUOTED_SERVICE_TYPE;
  // serviceType only satisfies the form's schema: it is not sent.
  const step = useBookingStep({ serviceType, bookingTime: '', smsOptIn: false });
  const { bookingTime, isoDate, clearTime } = step;
  const minutes = bookedJobMinutes(quote.minutes);
  const slots = useTimeSlots(isoDate, serviceType, { minutes, twoPeople: quote.twoPeople });

  const slotTimes = slots.isSuccess ? slots.data : null;
  useEffect(() => {
    // Fresh times (after a conflict) may no longer offer the chosen one: clear it and say why.
    if (!slotTimes || !bookingTime || slotTimes.some((s) => s.slotTime === bookingTime)) return;
    clearTime(`${bookingTime} doesn't fit your job (${jobLengthText(quote.minutes)}) that day. Please pick another time.`);
  }, [slotTimes, bookingTime, quote.minutes, clearTime]);

  function onValid(values: BookingFormValues) {
    const details = step.detailsOf(values);
    if (!details) return;
    const input: CreateBookingInput = { quoteToken: token, ...details };
    step.createBooking.mutate(input, {
      onSuccess: (booking) => {
        // The booking's own answer: the quote's lines as it was booked.
        const summary = { lines: booking.lines ?? quote.lines, totalCents: booking.totalCents ?? quote.totalCents, isFrom: false };
        step.booked(input, booking.id, { name: serviceTypeLabel(booking.serviceType), minutes, summary });
        onCreated({ id: booking.id, serviceType: booking.serviceType, date: values.bookingDate, time: values.bookingTime, address: values.address, job: summary });
      },
      // A quote booked meanwhile (another tab) is no question of another time.
      onError: (error) => step.refused(error, input, (e) => e.status === 409 && e.code !== 'QUOTE_USED'),
    });
  }

  return {
    ...step,
    post: null,
    serviceType,
    slots,
    onSubmit: step.form.handleSubmit(onValid, step.onInvalid),
    isPending: step.createBooking.isPending,
  };
}
