import { BUSINESS, DEPOSIT_CENTS, REFUND_NOTICE_HOURS, serviceTypeLabel } from '../../../shared/constants';
import type { OutgoingEmail } from '../../db/repositories/outbox';
import { bookingDetailRows, formatCents, formatLongDate, icsAttachment, type EmailBooking } from './format';
import { renderEmail } from './layout';

export type { EmailBooking };

/** To the customer once the deposit is paid, with the appointment as an .ics attachment. */
export function bookingConfirmedEmail(b: EmailBooking, o: { ics: string; publicUrl: string }): OutgoingEmail {
  const body = renderEmail({
    heading: 'Your booking is confirmed',
    paragraphs: [
      `Hi ${b.fullName}, thank you for booking with ${BUSINESS.name}. We received your ${formatCents(b.depositAmount || DEPOSIT_CENTS)} deposit and your appointment is confirmed.`,
      'Our team will call you 24 hours before the appointment to confirm, and we will arrive at the scheduled time.',
      `The deposit is refundable if you cancel at least ${REFUND_NOTICE_HOURS} hours before the appointment. You can view or cancel your booking at ${o.publicUrl}/dashboard/bookings (sign in with this email address) or call us at ${BUSINESS.phone}.`,
      'The attached calendar file adds the appointment to your calendar.',
    ],
    details: bookingDetailRows(b),
  });
  return {
    kind: 'booking_confirmed',
    to: b.email,
    subject: `Booking confirmed: ${serviceTypeLabel(b.serviceType)} on ${formatLongDate(b.bookingDate)} at ${b.bookingTime}`,
    ...body,
    attachments: [icsAttachment(b.id, o.ics)],
    dedupeKey: `booking-confirmed-${b.id}`,
  };
}

/** To the business when a booking's deposit is paid. */
export function newBookingEmail(b: EmailBooking, o: { to: string }): OutgoingEmail {
  const body = renderEmail({
    heading: 'New booking',
    paragraphs: [`${b.fullName} booked ${serviceTypeLabel(b.serviceType)} and paid the ${formatCents(b.depositAmount || DEPOSIT_CENTS)} deposit.`],
    details: [...bookingDetailRows(b), ['Customer', b.fullName], ['Phone', b.phone], ['Email', b.email]],
  });
  return {
    kind: 'booking_new',
    to: o.to,
    subject: `New booking #${b.id}: ${serviceTypeLabel(b.serviceType)}, ${formatLongDate(b.bookingDate)} at ${b.bookingTime}`,
    ...body,
    dedupeKey: `booking-new-${b.id}`,
  };
}

/** To the customer about 24 hours before the appointment. */
export function bookingReminderEmail(b: EmailBooking): OutgoingEmail {
  const body = renderEmail({
    heading: 'See you soon',
    paragraphs: [
      `Hi ${b.fullName}, this is a reminder of your ${serviceTypeLabel(b.serviceType)} appointment with ${BUSINESS.name}.`,
      `Please make sure we can reach the address below at the scheduled time. Need to change something? Call us at ${BUSINESS.phone}.`,
    ],
    details: bookingDetailRows(b),
  });
  return {
    kind: 'booking_reminder',
    to: b.email,
    subject: `Reminder: ${serviceTypeLabel(b.serviceType)} on ${formatLongDate(b.bookingDate)} at ${b.bookingTime}`,
    ...body,
    dedupeKey: `reminder-${b.id}`,
  };
}
