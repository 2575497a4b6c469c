import type { Db } from '../../db/client';
import {
  findBookingById,
  findBookingByIntentId,
  findBookingByRefundId,
  lockBookingById,
  recordRefundOutcome,
  type BookingRow,
} from '../repositories/bookings';
import {
  queueEmail,
  type OutgoingEmail,
  bookingEmailFacts,
  cancellationEmails,
  type BusinessFacts,
  depositRefundedEmail,
  lateRefundEmail,
  refundFailedEmail,
} from '../../messaging';
import { ConflictError, NotFoundError } from '../../errors';
import type { PaymentProvider, ProviderRefundStatus } from '../../payments';

/**
 * The one refund service. Every path that owes a deposit back (the customer cancels 24 hours or
 * more ahead, the business cancels, a payment arrives after its slot went to someone else) marks
 * the booking's refund `pending` and calls refundDeposit; the provider's later word (webhook,
 * reconciliation job, the owner's retry) comes in through refreshRefund and recordRefundUpdate.
 *
 * A booking's refundStatus: `pending` with no refundId (owed, the provider not asked or its
 * answer not recorded yet), `pending` with a refundId (started, the money not back yet),
 * `refunded` (the provider says it succeeded; final), `failed` (the owner retries it).
 */

export interface RefundLog {
  warn(obj: object, msg: string): void;
}

export interface RefundDeps {
  db: Db;
  payments: PaymentProvider;
  now: Date;
  /** Where the business hears of a refund that failed after it had started. */
  businessEmail: string;
  log?: RefundLog;
}

type OwedState = 'pending' | 'refunded' | 'failed';

/** News about a booking's refund: the answer to our own request, or a later report. */
export interface RefundNews {
  /** attempt: the provider's answer to refundDeposit (refundId null when it answered with an error); update: a webhook or a status check. */
  source: 'attempt' | 'update';
  refundId: string | null;
  state: OwedState;
}

export function refundStateOf(status: ProviderRefundStatus): OwedState {
  return status === 'succeeded' ? 'refunded' : status;
}

/**
 * What the booking's refund becomes on `news`; null leaves it as it is. Refunded is final, and
 * a refund's own terminal status is never undone by an older report of it being pending (the
 * webhook and our request's answer may arrive in either order). While a refund is pending, a
 * report about another refund id is ignored; once it failed, another refund of the payment (one
 * made by hand in the provider's dashboard) counts.
 */
export function nextRefund(current: { refundStatus: string; refundId: string | null }, news: RefundNews): { refundStatus: OwedState; refundId: string | null } | null {
  const { refundStatus: status, refundId } = current;
  if (status !== 'pending' && status !== 'failed') return null;
  const sameRefund = news.refundId !== null && news.refundId === refundId;
  if (news.source === 'attempt') {
    if (sameRefund && status === 'failed' && news.state === 'pending') return null;
    return { refundStatus: news.state, refundId: news.refundId ?? refundId };
  }
  if (status === 'pending') {
    if (refundId !== null && !sameRefund) return null;
    if (news.state === 'pending' && sameRefund) return null;
    return { refundStatus: news.state, refundId: news.refundId };
  }
  if (sameRefund || news.state === 'failed') return null;
  return { refundStatus: news.state, refundId: news.refundId };
}

/** A payment that reached us after its booking was cancelled (its hold had expired, or the customer cancelled it unpaid). */
function isLatePayment(b: BookingRow): boolean {
  return b.cancelReason === 'hold_expired' || (b.paidAt !== null && b.cancelledAt !== null && b.paidAt.getTime() > b.cancelledAt.getTime());
}

function providerReason(b: BookingRow): string {
  if (isLatePayment(b)) return 'slot_taken_after_hold_expired';
  return b.cancelReason === 'customer' ? 'requested_by_customer' : 'cancelled_by_business';
}

/**
 * The first request and its repeats (a crash between asking and recording) share one key, so the
 * provider refunds once. A failed refund replays as failed under its key (the provider keeps the
 * first answer), so each retry after a failure has its own: the row's last change marks it, and
 * two clicks on one failed refund share it.
 */
function idempotencyKey(b: BookingRow): string {
  return b.refundStatus === 'failed' ? `refund-booking-${b.id}-retry-${b.updatedAt.getTime()}` : `refund-booking-${b.id}`;
}

/** Who the emails are to and from: the business's inbox (config) and its facts as the owner set them. */
interface EmailContext {
  to: string;
  business: BusinessFacts;
}

type NamedBooking = BookingRow & { serviceName: string };

/** The notice that goes with a refund's first outcome, by why the deposit is owed back. */
function firstOutcomeEmails(b: NamedBooking, o: EmailContext): OutgoingEmail[] {
  const state = b.refundStatus as OwedState;
  if (isLatePayment(b)) return state === 'failed' ? [refundFailedEmail(b, { ...o, refundId: b.refundId })] : [lateRefundEmail(b, state, o)];
  if (b.cancelReason === 'customer') return cancellationEmails(b, state, o);
  // The business cancelled: its cancellation email already said the refund is under way.
  return [];
}

/** Emails a later change of the refund calls for. */
function changeEmails(before: BookingRow, after: NamedBooking, o: EmailContext): OutgoingEmail[] {
  // The customer was told it is on its way (or that it failed): they hear once it is back.
  if (after.refundStatus === 'refunded' && (before.refundStatus === 'failed' || before.refundId !== null)) return [depositRefundedEmail(after, o)];
  if (after.refundStatus === 'failed' && before.refundStatus === 'pending' && before.refundId !== null) {
    return [refundFailedEmail(after, { ...o, refundId: before.refundId })];
  }
  return [];
}

/** Records `news` under the booking's row lock, with the emails it calls for, in one transaction. */
async function applyRefundNews(deps: Omit<RefundDeps, 'payments'>, bookingId: number, news: RefundNews, firstOutcome: boolean): Promise<BookingRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const before = await lockBookingById(tx, bookingId);
    if (!before) return undefined;
    const next = nextRefund(before, news);
    const after = next ? await recordRefundOutcome(tx, bookingId, { ...next, now: deps.now }) : before;
    if (!firstOutcome && !next) return after;
    const facts = await bookingEmailFacts(tx, after);
    const o = { to: deps.businessEmail, business: facts.business };
    // Queued even when a webhook settled the refund first: the notice then reports that outcome
    // (its dedupe key keeps it to one).
    const emails = [...(firstOutcome ? firstOutcomeEmails(facts.booking, o) : []), ...(next ? changeEmails(before, facts.booking, o) : [])];
    for (const email of emails) await queueEmail(tx, email);
    return after;
  });
}

/**
 * Asks the provider to refund the booking's whole deposit and records its answer: succeeded is
 * refunded, pending stays pending (refundedAt unset), failed or an error is failed. Call it
 * outside any transaction (a provider call must not hold row locks). Never throws for the
 * provider: the cancellation that owes the refund stands. A booking that owes nothing is
 * returned as it is.
 */
export async function refundDeposit(deps: RefundDeps, bookingId: number): Promise<BookingRow> {
  const booking = await findBookingById(deps.db, bookingId);
  if (!booking) throw new NotFoundError('Booking not found.');
  if (!booking.depositPaid || (booking.refundStatus !== 'pending' && booking.refundStatus !== 'failed')) return booking;
  const firstOutcome = booking.refundStatus === 'pending' && booking.refundId === null;

  let news: RefundNews = { source: 'attempt', refundId: null, state: 'failed' };
  if (!booking.stripePaymentIntentId) {
    deps.log?.warn({ bookingId }, 'paid booking has no payment intent to refund');
  } else {
    news = await askForRefund(deps, { intentId: booking.stripePaymentIntentId, idempotencyKey: idempotencyKey(booking), reason: providerReason(booking), logContext: { bookingId } });
  }
  return (await applyRefundNews(deps, bookingId, news, firstOutcome)) ?? booking;
}

/**
 * The one call that asks the provider for a refund, for a deposit and for an invoice's card
 * payment alike (decision 0021): `amountCents` of the intent, or all that is left of it when
 * unset. Call it outside any transaction. Never throws: an error is a failed attempt (logged
 * with `logContext`), which the caller records as any other answer (see nextRefund).
 */
export async function askForRefund(
  deps: Pick<RefundDeps, 'payments' | 'log'>,
  req: { intentId: string; idempotencyKey: string; reason: string; amountCents?: number; logContext: object },
): Promise<RefundNews> {
  try {
    const result = await deps.payments.refund(req.intentId, { idempotencyKey: req.idempotencyKey, reason: req.reason, amountCents: req.amountCents });
    return { source: 'attempt', refundId: result.id, state: refundStateOf(result.status) };
  } catch (err) {
    deps.log?.warn({ err, ...req.logContext }, 'refund failed');
    return { source: 'attempt', refundId: null, state: 'failed' };
  }
}

/** Asks the provider where a started (pending) refund is now, and records it. */
export async function refreshRefund(deps: RefundDeps, booking: Pick<BookingRow, 'id' | 'refundId'>): Promise<BookingRow | undefined> {
  if (!booking.refundId) return findBookingById(deps.db, booking.id);
  const result = await deps.payments.retrieveRefund(booking.refundId);
  return applyRefundNews(deps, booking.id, { source: 'update', refundId: result.id, state: refundStateOf(result.status) }, false);
}

/**
 * The provider reports a refund's status (a webhook). The booking is found by the refund id, or
 * by its payment when our request's answer is not recorded yet. Returns whether it changed.
 */
export async function recordRefundUpdate(
  deps: Omit<RefundDeps, 'payments'>,
  report: { refundId: string; status: ProviderRefundStatus; intentId: string | null },
): Promise<'updated' | 'unchanged' | 'unknown'> {
  const booking = (await findBookingByRefundId(deps.db, report.refundId)) ?? (report.intentId ? await findBookingByIntentId(deps.db, report.intentId) : undefined);
  if (!booking) return 'unknown';
  const after = await applyRefundNews(deps, booking.id, { source: 'update', refundId: report.refundId, state: refundStateOf(report.status) }, false);
  return after && (after.refundStatus !== booking.refundStatus || after.refundId !== booking.refundId) ? 'updated' : 'unchanged';
}

/**
 * The owner's "Retry refund": a failed refund is asked for again (a new request), a started one
 * is checked with the provider, one never asked for is asked for.
 */
export async function retryRefund(deps: RefundDeps, bookingId: number): Promise<BookingRow> {
  const booking = await findBookingById(deps.db, bookingId);
  if (!booking) throw new NotFoundError('Booking not found.');
  if (booking.status !== 'cancelled' || !booking.depositPaid || (booking.refundStatus !== 'failed' && booking.refundStatus !== 'pending')) {
    throw new ConflictError(`Booking #${bookingId} has no deposit refund waiting.`, 'INVALID_STATUS');
  }
  if (booking.refundStatus === 'pending' && booking.refundId) return (await refreshRefund(deps, booking)) ?? booking;
  return refundDeposit(deps, bookingId);
}
