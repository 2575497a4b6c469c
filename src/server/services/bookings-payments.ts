import { TZDate } from '@date-fns/tz';
import type Stripe from 'stripe';
import { serviceTypeLabel } from '../../shared/constants';
import type { DemoConfirmInput } from '../../shared/schemas/booking';
import type { Db } from '../db/client';
import {
  confirmPaidBooking,
  findBookingById,
  findBookingByIntentId,
  findDemoPayment,
  findOtherActiveBookingOnSlot,
  hasPaymentEvent,
  isUniqueViolation,
  lockBookingById,
  markPaidForRefund,
  recordPaymentEvent,
  recordRefund,
  setBookingIntentId,
  updateDemoPayment,
  type BookingRow,
} from '../db/repositories/bookings';
import { getDayAvailabilityRows } from '../db/repositories/availability';
import { queueEmail } from '../db/repositories/outbox';
import { ConflictError, NotFoundError, PaymentError, ValidationError } from '../errors';
import { checkSlot } from './availability';
import { appointmentIcs } from './bookings-ics';
import { bookingConfirmedEmail, lateRefundEmail, newBookingEmail } from './emails/booking-emails';
import type { PaymentProvider } from './payments/provider';

export const NOT_PAYABLE_MESSAGE = 'This booking can no longer be paid. Please book again.';

interface Log {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** What payment handling needs besides the database and the clock. */
export interface PaymentDeps {
  payments: PaymentProvider;
  timeZone: string;
  businessEmail: string;
  publicUrl: string;
  log?: Log;
}

/** PaymentDeps from the app's decorations (the provider, the config and the logger). */
export function paymentDeps(app: {
  payments: PaymentProvider;
  config: { businessTz: string; businessEmail: string; publicUrl: string };
  log: Log;
}): PaymentDeps {
  return { payments: app.payments, timeZone: app.config.businessTz, businessEmail: app.config.businessEmail, publicUrl: app.config.publicUrl, log: app.log };
}

/**
 * The client secret of the booking's one payment intent (created on first call, reused after).
 * Only a pending, unpaid booking whose hold is still valid can be paid.
 */
/**
 * Who may ask for a booking's payment: the browser that made it (its pay token, hashed) or the
 * signed-in account it belongs to. Anyone else gets the same 404 as for an unknown id, so ids
 * cannot be probed for other people's bookings.
 */
export interface PaymentRequester {
  userId: number | null;
  payTokenHashes: string[];
}

export async function createPaymentIntentForBooking(db: Db, payments: PaymentProvider, bookingId: number, now: Date, requester: PaymentRequester): Promise<string> {
  const booking = await findBookingById(db, bookingId);
  const isOwner =
    booking !== undefined &&
    ((booking.userId !== null && booking.userId === requester.userId) || (booking.payTokenHash !== null && requester.payTokenHashes.includes(booking.payTokenHash)));
  if (!booking || !isOwner) throw new NotFoundError('Booking not found.');
  const holdOver = booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() <= now.getTime();
  if (booking.depositPaid || booking.status !== 'pending' || holdOver) throw new ConflictError(NOT_PAYABLE_MESSAGE, 'INVALID_STATUS');

  if (booking.stripePaymentIntentId) return (await payments.retrieveIntent(booking.stripePaymentIntentId)).clientSecret;
  const intent = await payments.createIntent({
    bookingId: booking.id,
    amount: booking.depositAmount,
    email: booking.email,
    description: `Deposit for booking #${booking.id}: ${serviceTypeLabel(booking.serviceType)} on ${booking.bookingDate} at ${booking.bookingTime}`,
  });
  const stored = await setBookingIntentId(db, booking.id, intent.id, now);
  // A concurrent request stored its intent first: answer with that one, so there is only one.
  if (stored && stored !== intent.id) return (await payments.retrieveIntent(stored)).clientSecret;
  return intent.clientSecret;
}

export type DepositOutcome = 'confirmed' | 'already_paid' | 'refunded' | 'refund_pending' | 'refund_failed' | 'not_found';

/** Whether a booking released by hold expiry can take its slot back now. */
async function canRetake(tx: Parameters<Parameters<Db['transaction']>[0]>[0], b: BookingRow, now: Date, timeZone: string): Promise<boolean> {
  if (b.cancelReason !== 'hold_expired' || b.startsAt.getTime() <= now.getTime()) return false;
  if (await findOtherActiveBookingOnSlot(tx, b)) return false;
  const check = checkSlot({ date: b.bookingDate, now, timeZone, ...(await getDayAvailabilityRows(tx, b.bookingDate)) }, b.bookingTime);
  // The customer paid for this time: short notice alone does not stop it, a business block does.
  return check === 'available' || check === 'too_soon';
}

async function queueConfirmation(tx: Parameters<Parameters<Db['transaction']>[0]>[0], b: BookingRow, now: Date, deps: PaymentDeps) {
  const ics = appointmentIcs(b, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now });
  await queueEmail(tx, bookingConfirmedEmail(b, { ics, publicUrl: deps.publicUrl }));
  await queueEmail(tx, newBookingEmail(b, { to: deps.businessEmail }));
}

/**
 * Records a received deposit: the one path used by the Stripe webhook, the demo card form and
 * reconciliation. The booking becomes paid and confirmed and both emails are queued in the same
 * transaction. A booking whose hold had expired takes its slot back when still free; otherwise
 * it stays cancelled and the payment is refunded (and the customer told). Safe to repeat.
 */
export async function markDepositPaid(
  db: Db,
  p: { bookingId: number; intentId: string; amount: number },
  now: Date,
  deps: PaymentDeps,
): Promise<DepositOutcome> {
  const decision = await db.transaction(async (tx): Promise<{ kind: 'done'; outcome: DepositOutcome } | { kind: 'refund'; booking: BookingRow }> => {
    const b = await lockBookingById(tx, p.bookingId);
    if (!b) return { kind: 'done', outcome: 'not_found' };
    if (b.depositPaid) {
      if (b.stripePaymentIntentId && b.stripePaymentIntentId !== p.intentId) {
        deps.log?.warn({ bookingId: b.id, intentId: p.intentId, paidIntentId: b.stripePaymentIntentId }, 'second payment for an already paid booking');
      }
      if (b.status === 'cancelled' && !b.refundId && (b.refundStatus === 'pending' || b.refundStatus === 'failed')) return { kind: 'refund', booking: b };
      return { kind: 'done', outcome: b.refundStatus === 'refunded' ? 'refunded' : 'already_paid' };
    }
    if (p.amount < b.depositAmount) deps.log?.warn({ bookingId: b.id, amount: p.amount, expected: b.depositAmount }, 'deposit amount lower than expected');

    if (b.status !== 'cancelled') {
      // pending (even past its hold: not yet released, it still owns the slot) becomes confirmed;
      // a booking the business already moved on keeps its status.
      const status = b.status === 'pending' ? 'confirmed' : b.status;
      const row = await confirmPaidBooking(tx, b.id, { intentId: p.intentId, now, status });
      if (status !== 'completed') await queueConfirmation(tx, row, now, deps);
      return { kind: 'done', outcome: 'confirmed' };
    }

    if (await canRetake(tx, b, now, deps.timeZone)) {
      try {
        // A savepoint: losing a race for the slot must not abort the whole transaction.
        const row = await tx.transaction((sp) => confirmPaidBooking(sp, b.id, { intentId: p.intentId, now, status: 'confirmed' }));
        await queueConfirmation(tx, row, now, deps);
        deps.log?.info({ bookingId: b.id }, 'late payment took its released slot back');
        return { kind: 'done', outcome: 'confirmed' };
      } catch (err) {
        if (!isUniqueViolation(err, 'bookings_active_slot_key')) throw err;
      }
    }
    return { kind: 'refund', booking: await markPaidForRefund(tx, b.id, { intentId: p.intentId, now }) };
  });

  if (decision.kind === 'done') return decision.outcome;
  return refundLatePayment(db, decision.booking, p.intentId, now, deps);
}

async function refundLatePayment(db: Db, b: BookingRow, intentId: string, now: Date, deps: PaymentDeps): Promise<DepositOutcome> {
  let refund: { id: string; status: string };
  try {
    refund = await deps.payments.refund(intentId, { idempotencyKey: `booking-${b.id}-late-refund`, reason: 'slot_taken_after_hold_expired' });
  } catch (err) {
    deps.log?.error({ err, bookingId: b.id, intentId }, 'automatic refund failed; reconciliation retries it');
    await recordRefund(db, b.id, { refundId: null, status: 'failed', now });
    return 'refund_failed';
  }
  const status = refund.status === 'succeeded' ? 'refunded' : refund.status === 'pending' ? 'pending' : 'failed';
  await db.transaction(async (tx) => {
    await recordRefund(tx, b.id, { refundId: refund.id, status, now });
    if (status !== 'failed') await queueEmail(tx, lateRefundEmail(b));
  });
  deps.log?.warn({ bookingId: b.id, refundId: refund.id, status }, 'payment arrived after the slot was taken; refunded');
  return status === 'refunded' ? 'refunded' : status === 'pending' ? 'refund_pending' : 'refund_failed';
}

const DEMO_SUCCESS_CARD = '4242424242424242';
const DEMO_DECLINED_CARD = '4000000000000002';

/** Checks the demo card form the way Stripe's card element would; throws its messages. */
function validateDemoCard(input: DemoConfirmInput, now: Date, timeZone: string): 'success' | 'declined' | 'invalid' {
  const number = input.cardNumber.replace(/\s+/g, '');
  if (!/^\d+$/.test(number)) throw new ValidationError('Your card number is invalid.', { cardNumber: 'Your card number is invalid.' });
  if (number.length < 16) throw new ValidationError('Your card number is incomplete.', { cardNumber: 'Your card number is incomplete.' });

  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(input.expiry);
  if (!expiry) throw new ValidationError("Your card's expiration date is incomplete.", { expiry: "Your card's expiration date is incomplete." });
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) throw new ValidationError("Your card's expiration date is invalid.", { expiry: "Your card's expiration date is invalid." });
  const today = new TZDate(now.getTime(), timeZone);
  if (year < today.getFullYear()) throw new ValidationError("Your card's expiration year is in the past.", { expiry: "Your card's expiration year is in the past." });
  if (year === today.getFullYear() && month < today.getMonth() + 1) {
    throw new ValidationError("Your card's expiration date is in the past.", { expiry: "Your card's expiration date is in the past." });
  }

  if (!/^\d+$/.test(input.cvc)) throw new ValidationError("Your card's security code is invalid.", { cvc: "Your card's security code is invalid." });
  if (input.cvc.length < 3) throw new ValidationError("Your card's security code is incomplete.", { cvc: "Your card's security code is incomplete." });

  if (number === DEMO_SUCCESS_CARD) return 'success';
  if (number === DEMO_DECLINED_CARD) return 'declined';
  return 'invalid';
}

/**
 * The demo provider's "confirm payment": checks the test card, marks the intent succeeded and
 * records the deposit server-side (as the Stripe webhook would), then answers where the browser
 * goes next, exactly like Stripe's return_url redirect.
 */
export async function confirmDemoPayment(db: Db, input: DemoConfirmInput, now: Date, deps: PaymentDeps): Promise<{ redirectUrl: string }> {
  const payment = await findDemoPayment(db, { clientSecret: input.clientSecret });
  if (!payment) throw new NotFoundError('This payment was not found. Please book again.');
  const result = validateDemoCard(input, now, deps.timeZone);
  if (payment.status === 'refunded') throw new ConflictError(NOT_PAYABLE_MESSAGE, 'INVALID_STATUS');
  if (payment.status !== 'succeeded') {
    if (result === 'declined') {
      await updateDemoPayment(db, payment.id, { lastError: 'card_declined' });
      throw new PaymentError('Your card was declined.');
    }
    if (result === 'invalid') throw new PaymentError('Your card number is invalid.');
    await updateDemoPayment(db, payment.id, { status: 'succeeded', lastError: null });
  }
  await markDepositPaid(db, { bookingId: payment.bookingId, intentId: payment.id, amount: payment.amount }, now, deps);
  const query = new URLSearchParams({ payment_intent: payment.id, payment_intent_client_secret: payment.clientSecret, redirect_status: 'succeeded' });
  return { redirectUrl: `/book/confirmation?${query.toString()}` };
}

/**
 * Handles one verified Stripe event, once: repeated deliveries of the same event id do nothing.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date, deps: PaymentDeps): Promise<'handled' | 'duplicate' | 'ignored'> {
  if (await hasPaymentEvent(db, event.id)) return 'duplicate';
  let result: 'handled' | 'ignored' = 'ignored';
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    const metadataId = Number(intent.metadata?.bookingId);
    const bookingId = (await findBookingByIntentId(db, intent.id))?.id ?? (Number.isInteger(metadataId) && metadataId > 0 ? metadataId : null);
    if (bookingId === null) {
      deps.log?.warn({ intentId: intent.id, eventId: event.id }, 'payment succeeded for an unknown booking');
    } else {
      const outcome = await markDepositPaid(db, { bookingId, intentId: intent.id, amount: intent.amount_received || intent.amount }, now, deps);
      deps.log?.info({ bookingId, intentId: intent.id, outcome }, 'deposit payment recorded');
      result = 'handled';
    }
  } else if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    deps.log?.info({ intentId: intent.id, reason: intent.last_payment_error?.code ?? null }, 'deposit payment failed');
    result = 'handled';
  }
  await recordPaymentEvent(db, { id: event.id, type: event.type, now });
  return result;
}
