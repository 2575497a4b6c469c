import type { OutgoingEmail } from '../repositories/outbox';
import { bookingDetailRows, formatLongDate, newTimeTitles, serviceNameOf, type BusinessFacts, type EmailBooking } from './format';
import { customerBookingEmail, renderEmail } from './layout';

type Previous = { date: string; time: string };

/** To the customer who picked a new time themselves, with the new invitation and a fresh manage link. */
export function customerMovedEmail(
  b: EmailBooking,
  previous: Previous,
  o: { attachments: OutgoingEmail['attachments']; manageUrl: string; business: BusinessFacts },
): OutgoingEmail {
  return customerBookingEmail(b, o.business, {
    kind: 'booking-moved-by-customer',
    ...newTimeTitles(b),
    paragraphs: [
      `Hi ${b.fullName}, your ${serviceNameOf(b)} appointment has moved from ${formatLongDate(previous.date)} at ${previous.time} to ${formatLongDate(b.bookingDate)} at ${b.bookingTime}, as you asked. Your deposit carries over to the new time.`,
      'The attached calendar invitation has the new time.',
      `View, change or cancel your booking with your private link: ${o.manageUrl}`,
      `Questions? Call us at ${o.business.phone}.`,
    ],
    attachments: o.attachments,
  });
}

/** To the business when a customer moved their own booking. */
export function businessMovedEmail(b: EmailBooking, previous: Previous, o: { to: string; business: BusinessFacts }): OutgoingEmail {
  const body = renderEmail({
    business: o.business,
    heading: `Booking #${b.id} moved by the customer`,
    paragraphs: [
      `${b.fullName} moved their ${serviceNameOf(b)} appointment from ${formatLongDate(previous.date)} at ${previous.time} to ${formatLongDate(b.bookingDate)} at ${b.bookingTime}. The old time is free again; the deposit stays with the booking.`,
    ],
    details: [...bookingDetailRows(b), ['Customer', b.fullName], ['Phone', b.phone], ['Email', b.email]],
  });
  return {
    kind: 'booking-moved-business',
    to: o.to,
    subject: `Booking #${b.id} moved: ${serviceNameOf(b)}, ${formatLongDate(b.bookingDate)} at ${b.bookingTime}`,
    ...body,
  };
}
