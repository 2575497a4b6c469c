import { DEPOSIT_CENTS, REFUND_NOTICE_HOURS } from '../../../shared/constants';
import { REMINDER_HOURS } from '../../bookings';
import type { OutgoingEmail } from '../repositories/outbox';
import { appointmentOf, bookingDetailRows, formatCents, formatLongDate, icsAttachment, serviceNameOf, type BusinessFacts, type EmailBooking } from './format';
import { emailJobLines } from './job-lines';
import { customerBookingEmail, renderEmail } from './layout';

export type { EmailBooking };

/**
 * To the customer once the deposit is paid, with the appointment as an .ics attachment and the
 * booking's private manage link. `getsReminder` false (booked less than 24 hours ahead): it says
 * no reminder will follow.
 */
export function bookingConfirmedEmail(
  b: EmailBooking,
  o: { ics: string; publicUrl: string; business: BusinessFacts; manageUrl: string; getsReminder: boolean },
): OutgoingEmail {
  const { business } = o;
  return customerBookingEmail(b, business, {
    kind: 'booking_confirmed',
    subject: `Booking confirmed: ${appointmentOf(b)}`,
    heading: 'Your booking is confirmed',
    paragraphs: [
      `Hi ${b.fullName}, thank you for booking with ${business.name}. We received your ${formatCents(b.depositAmount || DEPOSIT_CENTS)} deposit and your appointment is confirmed.`,
      'Our team will call you 24 hours before the appointment to confirm, and we will arrive at the scheduled time.',
      o.getsReminder
        ? `We will also email you a reminder ${REMINDER_HOURS} hours before the appointment.`
        : `Your appointment is less than ${REMINDER_HOURS} hours away, so we will not send a reminder email: this email is your reminder.`,
      `View, change the time of, or cancel your booking with your private link: ${o.manageUrl} (keep it to yourself; anyone with it can manage this booking).`,
      `The deposit is refundable if you cancel at least ${REFUND_NOTICE_HOURS} hours before the appointment. You can view or cancel your booking at ${o.publicUrl}/dashboard/bookings (sign in with this email address) or call us at ${business.phone}.`,
      'The attached calendar file adds the appointment to your calendar.',
    ],
    job: emailJobLines(b),
    attachments: [icsAttachment(b.id, o.ics)],
    dedupeKey: `booking-confirmed-${b.id}`,
  });
}

/** To the business when a booking's deposit is paid. */
export function newBookingEmail(b: EmailBooking, o: { to: string; business: BusinessFacts }): OutgoingEmail {
  const body = renderEmail({
    business: o.business,
    heading: 'New booking',
    paragraphs: [`${b.fullName} booked ${serviceNameOf(b)} and paid the ${formatCents(b.depositAmount || DEPOSIT_CENTS)} deposit.`],
    job: emailJobLines(b),
    details: [...bookingDetailRows(b), ['Customer', b.fullName], ['Phone', b.phone], ['Email', b.email]],
  });
  return {
    kind: 'booking_new',
    to: o.to,
    subject: `New booking #${b.id}: ${serviceNameOf(b)}, ${formatLongDate(b.bookingDate)} at ${b.bookingTime}`,
    ...body,
    dedupeKey: `booking-new-${b.id}`,
  };
}

/** To the customer about 24 hours before the appointment, with the manage link and the business's phone. */
export function bookingReminderEmail(b: EmailBooking, o: { business: BusinessFacts; manageUrl: string }): OutgoingEmail {
  const { business } = o;
  return customerBookingEmail(b, business, {
    kind: 'booking_reminder',
    subject: `Reminder: ${appointmentOf(b)}`,
    heading: 'See you soon',
    paragraphs: [
      `Hi ${b.fullName}, this is a reminder of your ${serviceNameOf(b)} appointment with ${business.name}.`,
      `Please make sure we can reach the address below at the scheduled time. Need to change something? Call us at ${business.phone}.`,
      `View or cancel your booking with your private link: ${o.manageUrl}`,
    ],
    dedupeKey: `reminder-${b.id}`,
  });
}
