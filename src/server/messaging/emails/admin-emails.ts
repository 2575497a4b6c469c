import { REFUND_ARRIVAL } from '../../../shared/constants';
import type { OutgoingEmail } from '../repositories/outbox';
import { appointmentIcs, type IcsBooking } from '../../bookings';
import { appointmentOf, formatCents, formatLongDate, icsAttachment, newTimeTitles, serviceNameOf, type BusinessFacts, type EmailBooking } from './format';
import { customerBookingEmail } from './layout';

type BookingForEmail = EmailBooking;

/**
 * The appointment's invitation. SEQUENCE grows with time, so a calendar that imported an earlier
 * invitation for this booking replaces that event with the new time.
 */
export function bookingIcs(b: IcsBooking, opts: { timeZone: string; publicUrl: string; now: Date; business: BusinessFacts }) {
  return icsAttachment(b.id, appointmentIcs(b, { ...opts, sequence: Math.floor(opts.now.getTime() / 1000) }));
}

export function bookingConfirmedByBusinessEmail(b: BookingForEmail, ics: OutgoingEmail['attachments'], o: { business: BusinessFacts }): OutgoingEmail {
  return customerBookingEmail(b, o.business, {
    kind: 'booking-confirmed-by-business',
    subject: `Confirmed: ${appointmentOf(b)}`,
    heading: 'Your appointment is confirmed',
    paragraphs: [
      `Hello ${b.fullName},`,
      `We have confirmed your ${serviceNameOf(b)} appointment on ${formatLongDate(b.bookingDate)} at ${b.bookingTime}. The attached calendar invitation has the details.`,
      `Need to change something? Call us at ${o.business.phone} or reply to this email.`,
    ],
    attachments: ics,
  });
}

export function bookingCancelledByBusinessEmail(b: BookingForEmail, refund: boolean, o: { business: BusinessFacts }): OutgoingEmail {
  return customerBookingEmail(b, o.business, {
    kind: 'booking-cancelled-by-business',
    subject: `Cancelled: ${serviceNameOf(b)} on ${formatLongDate(b.bookingDate)}`,
    heading: 'Your appointment has been cancelled',
    paragraphs: [
      `Hello ${b.fullName},`,
      `We are sorry: we had to cancel your ${serviceNameOf(b)} appointment on ${formatLongDate(b.bookingDate)} at ${b.bookingTime}.`,
      refund
        ? `Your ${formatCents(b.depositAmount)} deposit is being refunded in full to the card you paid with. Refunds usually appear within ${REFUND_ARRIVAL}.`
        : 'No deposit was charged for this booking, so there is nothing to refund.',
      `We would be glad to find you another time: book online or call us at ${o.business.phone}.`,
    ],
  });
}

export function bookingMovedEmail(
  b: BookingForEmail,
  previous: { date: string; time: string },
  ics: OutgoingEmail['attachments'],
  o: { business: BusinessFacts },
): OutgoingEmail {
  return customerBookingEmail(b, o.business, {
    kind: 'booking-moved',
    ...newTimeTitles(b),
    paragraphs: [
      `Hello ${b.fullName},`,
      `Your ${serviceNameOf(b)} appointment has moved from ${formatLongDate(previous.date)} at ${previous.time} to ${formatLongDate(b.bookingDate)} at ${b.bookingTime}. The attached calendar invitation has the new time.`,
      `If the new time does not work for you, call us at ${o.business.phone} or reply to this email.`,
    ],
    attachments: ics,
  });
}
