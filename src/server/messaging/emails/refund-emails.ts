import { DEPOSIT_CENTS, REFUND_ARRIVAL } from '../../../shared/constants';
import type { OutgoingEmail } from '../repositories/outbox';
import { bookingDetailRows, formatCents, type BusinessFacts, type EmailBooking } from './format';
import { customerBookingEmail, renderEmail } from './layout';

/**
 * To the customer when a payment arrived after the slot went to someone else. Sent once, with
 * the refund's first outcome: refunded, or started and on its way (a failed refund is the owner's
 * to retry, and the customer hears when it is refunded).
 */
export function lateRefundEmail(b: EmailBooking, status: 'refunded' | 'pending', o: { business: BusinessFacts }): OutgoingEmail {
  const { business } = o;
  const amount = formatCents(b.depositAmount || DEPOSIT_CENTS);
  return customerBookingEmail(b, business, {
    kind: 'booking_late_refund',
    subject: status === 'refunded' ? `Your ${business.name} deposit was refunded` : `Your ${business.name} deposit is being refunded`,
    heading: status === 'refunded' ? 'Your payment was refunded' : 'Your payment is being refunded',
    paragraphs: [
      `Hi ${b.fullName}, your ${amount} deposit reached us after the 30-minute hold on your time had ended, and that time has since been booked by someone else.`,
      status === 'refunded'
        ? `We have refunded the deposit in full; depending on your bank it can take ${REFUND_ARRIVAL} to appear. We are sorry for the trouble.`
        : `We have started a full refund of the deposit and it is on its way to your card; it usually takes ${REFUND_ARRIVAL}. We will email you once it has been refunded. We are sorry for the trouble.`,
      `Please choose another time on our website, or call us at ${business.phone} and we will find one with you.`,
    ],
    dedupeKey: `booking-late-refund-${b.id}`,
  });
}

/**
 * To the customer when a refund they were told is on its way (or that failed and was retried)
 * reaches their card. One per booking, whichever of the webhook, the reconciliation job or the
 * owner's retry sees it first.
 */
export function depositRefundedEmail(b: EmailBooking, o: { business: BusinessFacts }): OutgoingEmail {
  const { business } = o;
  const amount = formatCents(b.depositAmount || DEPOSIT_CENTS);
  return customerBookingEmail(b, business, {
    kind: 'booking-deposit-refunded',
    subject: `Your ${amount} deposit has been refunded (booking #${b.id})`,
    heading: 'Your deposit has been refunded',
    paragraphs: [
      `Hi ${b.fullName}, your ${amount} deposit for booking #${b.id} has been refunded to the card you paid with.`,
      `Depending on your bank, it can take a few business days to show on your statement. Questions? Call us at ${business.phone}.`,
    ],
    dedupeKey: `booking-deposit-refunded-${b.id}`,
  });
}

/** To the business when a refund fails at the provider with nobody in Business Admin to see it (a webhook, the job, a late payment). */
export function refundFailedEmail(b: EmailBooking, o: { to: string; refundId: string | null; business: BusinessFacts }): OutgoingEmail {
  const amount = formatCents(b.depositAmount || DEPOSIT_CENTS);
  const body = renderEmail({
    business: o.business,
    heading: `Refund failed for booking #${b.id}`,
    paragraphs: [
      `The ${amount} deposit refund of booking #${b.id} (${b.fullName}) failed at the payment provider.`,
      'ACTION NEEDED: open Business Admin and press "Retry refund" on the booking, or refund it by hand in the payment dashboard.',
    ],
    details: [...bookingDetailRows(b), ['Customer', b.fullName], ['Email', b.email], ['Phone', b.phone]],
  });
  return { kind: 'booking-refund-failed', to: o.to, subject: `Refund needed: booking #${b.id} refund failed`, ...body, dedupeKey: `booking-refund-failed-${b.id}-${o.refundId ?? 'first'}` };
}
