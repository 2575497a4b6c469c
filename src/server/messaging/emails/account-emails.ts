import { REFUND_ARRIVAL, REFUND_NOTICE_HOURS } from '../../../shared/constants';
import type { OutgoingEmail } from '../repositories/outbox';
import { bookingDetailRows, formatCents, formatLongDate, serviceNameOf, type BusinessFacts, type EmailBooking } from './format';
import { renderEmail } from './layout';

import type { RefundOutcome } from '../../../shared/schemas/dashboard';

export type { RefundOutcome };

export type { EmailBooking };

function customerDetails(b: EmailBooking): [string, string][] {
  return [
    ['Customer', b.fullName],
    ['Email', b.email],
    ['Phone', b.phone],
  ];
}

/** The sentence the customer reads about their deposit. */
export function depositSentence(outcome: RefundOutcome, depositCents: number): string {
  const amount = formatCents(depositCents);
  switch (outcome) {
    case 'refunded':
      return `Your ${amount} deposit has been refunded to your card. Depending on your bank, it can take ${REFUND_ARRIVAL} to appear.`;
    case 'pending':
      // Not "refunded": the provider has not sent the money yet. A second email says when it has.
      return `The refund of your ${amount} deposit has been started and is on its way to your card. It usually takes ${REFUND_ARRIVAL} to arrive; we will email you once it has been refunded.`;
    case 'kept':
      return `Because the booking was cancelled less than ${REFUND_NOTICE_HOURS} hours before the appointment, the ${amount} deposit is not refundable and has been kept.`;
    case 'failed':
      return `We could not refund your ${amount} deposit automatically. Our team has been told and will refund it by hand within 2 business days; you do not need to do anything.`;
    case 'none':
      return 'No deposit had been paid for this booking, so nothing was charged.';
  }
}

const BUSINESS_DEPOSIT_LINE: Record<RefundOutcome, (amount: string) => string> = {
  refunded: (amount) => `The ${amount} deposit was refunded automatically.`,
  pending: (amount) => `The ${amount} deposit refund was started and is pending at the payment provider; Business Admin shows when it completes.`,
  kept: (amount) => `The ${amount} deposit was kept: the cancellation came less than ${REFUND_NOTICE_HOURS} hours before the appointment.`,
  failed: (amount) => `ACTION NEEDED: the automatic refund of the ${amount} deposit failed. Please refund it by hand in the payment dashboard.`,
  none: () => 'No deposit had been paid.',
};

/** The customer's cancellation notice and the business's copy, both saying what happened to the deposit. */
export function cancellationEmails(booking: EmailBooking, outcome: RefundOutcome, o: { to: string; business: BusinessFacts }): OutgoingEmail[] {
  const { business } = o;
  const when = `${formatLongDate(booking.bookingDate)} at ${booking.bookingTime}`;
  const customer = renderEmail({
    business,
    heading: 'Your booking has been cancelled',
    paragraphs: [
      `Hi ${booking.fullName}, your ${serviceNameOf(booking)} appointment on ${when} has been cancelled as you asked.`,
      depositSentence(outcome, booking.depositAmount),
      `Need us another time? Book again at any time on our website, or call us at ${business.phone}.`,
    ],
    details: bookingDetailRows(booking),
  });
  const toBusiness = renderEmail({
    business,
    heading: `Booking #${booking.id} cancelled by the customer`,
    paragraphs: [`${booking.fullName} cancelled the appointment on ${when}. The time slot is free again.`, BUSINESS_DEPOSIT_LINE[outcome](formatCents(booking.depositAmount))],
    details: [...bookingDetailRows(booking), ...customerDetails(booking)],
  });
  return [
    { kind: 'booking-cancelled', to: booking.email, subject: `Your booking #${booking.id} has been cancelled`, ...customer, dedupeKey: `booking-cancelled-customer-${booking.id}` },
    {
      kind: 'booking-cancelled-business',
      to: o.to,
      subject: `${outcome === 'failed' ? 'Refund needed: ' : ''}Booking #${booking.id} cancelled (${when})`,
      ...toBusiness,
      dedupeKey: `booking-cancelled-business-${booking.id}`,
    },
  ];
}

/**
 * A reschedule request: the business gets the customer's blocked times for the coming days
 * (so it can propose a time that suits), the customer an acknowledgement.
 */
export function rescheduleEmails(
  booking: EmailBooking,
  blocked: { date: string; time: string; endTime: string }[],
  o: { to: string; horizonDays: number; business: BusinessFacts },
): OutgoingEmail[] {
  const { horizonDays, business } = o;
  const when = `${formatLongDate(booking.bookingDate)} at ${booking.bookingTime}`;
  const blockedLines = blocked.length
    ? [`The customer is NOT available at these times in the next ${horizonDays} days:`, ...blocked.map((b) => `- ${formatLongDate(b.date)}, ${b.time} - ${b.endTime}`)]
    : [`The customer has not blocked any times in the next ${horizonDays} days.`];
  const toBusiness = renderEmail({
    business,
    heading: `Reschedule request for booking #${booking.id}`,
    paragraphs: [
      `${booking.fullName} asked to reschedule the appointment on ${when}. The slot stays reserved until you move or cancel the booking. Please contact the customer to agree on a new time.`,
      ...blockedLines,
    ],
    details: [...bookingDetailRows(booking), ...customerDetails(booking)],
  });
  const customer = renderEmail({
    business,
    heading: 'We received your reschedule request',
    paragraphs: [
      `Hi ${booking.fullName}, we received your request to reschedule your ${serviceNameOf(booking)} appointment on ${when}.`,
      'We will contact you shortly to reschedule your appointment. Until then your current time stays reserved for you.',
      'Times you have blocked in your dashboard under Manage Availability are shared with our team, so we can suggest a time that suits you.',
    ],
    details: bookingDetailRows(booking),
  });
  return [
    { kind: 'reschedule-request-business', to: o.to, subject: `Reschedule request: booking #${booking.id} (${when})`, ...toBusiness },
    { kind: 'reschedule-request', to: booking.email, subject: `We received your request to reschedule booking #${booking.id}`, ...customer },
  ];
}

/** To an ADMIN_EMAILS address that registered: the link that proves it is the owner's. */
export function ownerConfirmEmail(user: { fullName: string; email: string }, link: string, o: { business: BusinessFacts }): OutgoingEmail {
  const { business } = o;
  const body = renderEmail({
    business,
    heading: 'Confirm your email address',
    paragraphs: [
      `Hi ${user.fullName}, this address manages ${business.name} on the website. Open this link to confirm it is yours:`,
      link,
      'Then sign in again: your account will open the Business Admin area. If you did not create this account, ignore this email; nothing changes without the link.',
    ],
  });
  return { kind: 'owner_confirm_email', to: user.email, subject: `Confirm your email for ${business.name}`, ...body };
}

/** "Forgot your password?": the one-time link that sets a new password (and proves the address). */
export function passwordResetEmail(user: { fullName: string; email: string }, link: string, o: { validMinutes: number; business: BusinessFacts }): OutgoingEmail {
  const { validMinutes, business } = o;
  const body = renderEmail({
    business,
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${user.fullName}, someone asked to reset the password of your ${business.name} account. Open this link to choose a new one:`,
      link,
      `The link works once and expires in ${validMinutes} minutes. Setting a new password signs you out everywhere else.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
  });
  return { kind: 'password_reset', to: user.email, subject: `Reset your ${business.name} password`, ...body };
}
