import type Stripe from 'stripe';
import type { DemoConfirmInput } from '../../../shared/schemas/booking';
import type { Db } from '../../db/client';
import {
  confirmPaidBooking,
  findBookingById,
  findBookingByIntentId,
  hasPaymentEvent,
  lockBookingById,
  markPaidForRefund,
  recordPaymentEvent,
  setBookingIntentId,
  type BookingRow,
} from '../repositories/bookings';
import { queueEmail, bookingEmailFacts, withServiceName, bookingConfirmedEmail, newBookingEmail } from '../../messaging';
import { ConflictError, NotFoundError } from '../../errors';
import { loadBookingJobDay, checkJobStart, freeCrewsAt, isCrewOverlap, lockBookingDay, retryOnConflict } from '../../schedule';
import { getSettings } from '../../settings';
import { appointmentIcs } from './bookings-ics';
import { manageLinkOf } from './manage';
import { getsReminder } from './reminder-rule';
import { confirmDemoCard, intentInfo, type PaymentProvider, toRefundResult } from '../../payments';
import { recordCardPayment, recordInvoiceRefundUpdate, refreshInvoiceRefunds, type CardDeps } from '../../invoices';
import { recordRefundUpdate, refreshRefund, refundDeposit, type RefundDeps } from './refunds';
import { bookingPaidNotice, queuePush } from '../../push';

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

/** What the invoices' card payments and refunds need, from PaymentDeps and the moment. */
function invoiceDeps(db: Db, now: Date, deps: PaymentDeps): CardDeps {
  return { db, now, timeZone: deps.timeZone, publicUrl: deps.publicUrl, payments: deps.payments, log: deps.log };
}

/** What the refund service needs, from PaymentDeps and the moment. */
export function refundDeps(db: Db, now: Date, deps: PaymentDeps): RefundDeps {
  return { db, now, payments: deps.payments, businessEmail: deps.businessEmail, log: deps.log };
}

/**
 * Who may ask for a booking's payment: the browser that made it (its pay token, hashed) or the
 * signed-in account it belongs to. Anyone else gets the same 404 as for an unknown id, so ids
 * cannot be probed for other people's bookings.
 */
export interface PaymentRequester {
  userId: number | null;
  payTokenHashes: string[];
}

/**
 * The client secret of the booking's one payment intent (created on first call, reused after).
 * Only a pending, unpaid booking whose hold is still valid can be paid.
 */
export async function createPaymentIntentForBooking(db: Db, payments: PaymentProvider, bookingId: number, now: Date, requester: PaymentRequester): Promise<string> {
  const booking = await findBookingById(db, bookingId);
  const isOwner =
    booking !== undefined &&
    ((booking.userId !== null && booking.userId === requester.userId) || (booking.payTokenHash !== null && requester.payTokenHashes.includes(booking.payTokenHash)));
  if (!booking || !isOwner) throw new NotFoundError('Booking not found.');
  const holdOver = booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() <= now.getTime();
  if (booking.depositPaid || booking.status !== 'pending' || holdOver) throw new ConflictError(NOT_PAYABLE_MESSAGE, 'INVALID_STATUS');

  if (booking.stripePaymentIntentId) return (await payments.retrieveIntent(booking.stripePaymentIntentId)).clientSecret;
  const { serviceName } = await withServiceName(db, booking);
  const intent = await payments.createIntent({
    bookingId: booking.id,
    amount: booking.depositAmount,
    email: booking.email,
    description: `Deposit for booking #${booking.id}: ${serviceName} on ${booking.bookingDate} at ${booking.bookingTime}`,
  });
  const stored = await setBookingIntentId(db, booking.id, intent.id, now);
  // A concurrent request stored its intent first: answer with that one, so there is only one.
  if (stored && stored !== intent.id) return (await payments.retrieveIntent(stored)).clientSecret;
  return intent.clientSecret;
}

export type DepositOutcome = 'confirmed' | 'already_paid' | 'refunded' | 'refund_pending' | 'refund_failed' | 'not_found';

/**
 * The crew a booking released by hold expiry can take its time back with now, or null. The
 * customer paid for this time: short notice alone does not stop it; a block, a busy time or a
 * taken crew does.
 */
async function crewToRetake(tx: Parameters<Parameters<Db['transaction']>[0]>[0], b: BookingRow, now: Date, timeZone: string): Promise<number | null> {
  if (b.cancelReason !== 'hold_expired' || b.startsAt.getTime() <= now.getTime()) return null;
  const settings = await getSettings(tx);
  const day = await loadBookingJobDay(tx, b, { date: b.bookingDate, now, timeZone, settings });
  const check = checkJobStart(day, b.bookingTime);
  if (check !== 'available' && check !== 'too_soon' && check !== 'outside_window') return null;
  const free = freeCrewsAt(day, b.startsAt);
  return free.includes(b.crew) ? b.crew : (free[0] ?? null);
}

async function queueConfirmation(tx: Parameters<Parameters<Db['transaction']>[0]>[0], b: BookingRow, now: Date, deps: PaymentDeps) {
  const { business, booking } = await bookingEmailFacts(tx, b);
  const ics = appointmentIcs(booking, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now, business });
  const { manageUrl, link } = manageLinkOf(b.id, deps.publicUrl);
  await queueEmail(tx, { ...bookingConfirmedEmail(booking, { ics, publicUrl: deps.publicUrl, business, manageUrl, getsReminder: getsReminder(b) }), link });
  await queueEmail(tx, newBookingEmail(booking, { to: deps.businessEmail, business }));
  await queuePush(tx, bookingPaidNotice(booking), now);
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
  // Run again when PostgreSQL ends it for a racing booking's sake (see retryOnConflict).
  const decision = await retryOnConflict(() => db.transaction(async (tx): Promise<{ kind: 'done'; outcome: DepositOutcome } | { kind: 'refund'; booking: BookingRow }> => {
    const b = await lockBookingById(tx, p.bookingId);
    if (!b) return { kind: 'done', outcome: 'not_found' };
    if (b.depositPaid) {
      if (b.stripePaymentIntentId && b.stripePaymentIntentId !== p.intentId) {
        deps.log?.warn({ bookingId: b.id, intentId: p.intentId, paidIntentId: b.stripePaymentIntentId }, 'second payment for an already paid booking');
      }
      // A refund owed for it is the refund service's (its job finishes one interrupted here).
      return { kind: 'done', outcome: refundOutcomeOf(b.refundStatus) ?? 'already_paid' };
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

    // Queued with the day's new bookings and moves before taking the time back (see lockBookingDay).
    await lockBookingDay(tx, b.bookingDate);
    const crew = await crewToRetake(tx, b, now, deps.timeZone);
    if (crew !== null) {
      try {
        // A savepoint: losing a race for the time must not abort the whole transaction.
        const row = await tx.transaction((sp) => confirmPaidBooking(sp, b.id, { intentId: p.intentId, now, status: 'confirmed', crew }));
        await queueConfirmation(tx, row, now, deps);
        deps.log?.info({ bookingId: b.id }, 'late payment took its released slot back');
        return { kind: 'done', outcome: 'confirmed' };
      } catch (err) {
        if (!isCrewOverlap(err)) throw err;
      }
    }
    return { kind: 'refund', booking: await markPaidForRefund(tx, b.id, { intentId: p.intentId, now }) };
  }));

  if (decision.kind === 'done') return decision.outcome;
  const refunded = await refundDeposit(refundDeps(db, now, deps), decision.booking.id);
  deps.log?.warn({ bookingId: refunded.id, refundId: refunded.refundId, refundStatus: refunded.refundStatus }, 'payment arrived after the slot was taken; refunding it');
  return refundOutcomeOf(refunded.refundStatus) ?? 'refund_failed';
}

function refundOutcomeOf(refundStatus: string): DepositOutcome | null {
  if (refundStatus === 'refunded') return 'refunded';
  if (refundStatus === 'pending') return 'refund_pending';
  if (refundStatus === 'failed') return 'refund_failed';
  return null;
}

/**
 * The demo provider's "confirm payment": checks the test card, marks the intent succeeded and
 * records the deposit server-side (as the Stripe webhook would), then answers where the browser
 * goes next, exactly like Stripe's return_url redirect.
 */
export async function confirmDemoPayment(db: Db, input: DemoConfirmInput, now: Date, deps: PaymentDeps): Promise<{ redirectUrl: string }> {
  const payment = await confirmDemoCard(db, input, {
    now,
    timeZone: deps.timeZone,
    // An invoice's intent is paid through its own link (POST /api/invoices/:token/demo-confirm).
    belongs: (p) => p.bookingId !== null,
    notFoundMessage: 'This payment was not found. Please book again.',
    notPayableMessage: NOT_PAYABLE_MESSAGE,
  });
  await markDepositPaid(db, { bookingId: payment.bookingId!, intentId: payment.id, amount: payment.amount }, now, deps);
  const query = new URLSearchParams({ payment_intent: payment.id, payment_intent_client_secret: payment.clientSecret, redirect_status: 'succeeded' });
  return { redirectUrl: `/book/confirmation?${query.toString()}` };
}

/**
 * Handles one verified Stripe event, once: repeated deliveries of the same event id do nothing.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date, deps: PaymentDeps): Promise<'handled' | 'duplicate' | 'ignored'> {
  if (await hasPaymentEvent(db, event.id)) return 'duplicate';
  let result: 'handled' | 'ignored' = 'ignored';
  if (event.type === 'payment_intent.succeeded' && event.data.object.metadata?.invoiceId) {
    // An invoice's balance and tip (decision 0021): its own service records it, once.
    const outcome = await recordCardPayment(invoiceDeps(db, now, deps), intentInfo(event.data.object));
    deps.log?.info({ intentId: event.data.object.id, outcome }, 'invoice payment event handled');
    result = outcome === 'unknown' ? 'ignored' : 'handled';
  } else if (event.type === 'payment_intent.succeeded') {
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
  } else if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed' || event.type === 'charge.refund.updated') {
    // The refund itself, signed by Stripe: its status is the news.
    const refund = event.data.object;
    const intentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null);
    const report = { ...toRefundResult(refund), refundId: refund.id, intentId };
    let outcome = await recordRefundUpdate(refundDeps(db, now, deps), report);
    if (outcome === 'unknown') outcome = await recordInvoiceRefundUpdate(invoiceDeps(db, now, deps), { ...report, amountCents: refund.amount ?? null });
    deps.log?.info({ refundId: refund.id, status: refund.status, outcome }, 'refund update received');
    result = outcome === 'unknown' ? 'ignored' : 'handled';
  } else if (event.type === 'charge.refunded') {
    // Sent when a refund is created, whatever its status, and the charge alone does not say which
    // refund or whether it succeeded: ask Stripe about the booking's own refund.
    const charge = event.data.object;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
    const booking = intentId ? await findBookingByIntentId(db, intentId) : undefined;
    if (booking?.refundStatus === 'pending' && booking.refundId) {
      await refreshRefund(refundDeps(db, now, deps), booking);
      result = 'handled';
    } else if (!booking && intentId && (await refreshInvoiceRefunds(invoiceDeps(db, now, deps), intentId))) {
      result = 'handled';
    }
  }
  await recordPaymentEvent(db, { id: event.id, type: event.type, now });
  return result;
}
