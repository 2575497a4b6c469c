import type { Db } from '../../db/client';
import { listBookingsToReconcile, listDueReminders, listPendingRefunds, markReminderSent, releaseExpiredHolds } from '../repositories/bookings';
import { queueEmail, bookingEmailFacts, bookingReminderEmail, queueReminderText } from '../../messaging';
import { markDepositPaid, refundDeps, type PaymentDeps } from './bookings-payments';
import { manageLinkOf } from './manage';
import { refreshRefund, refundDeposit } from './refunds';
import { REMINDER_HOURS } from './reminder-rule';

/** Releases unpaid pending bookings whose 30-minute hold has ended. Returns their ids. */
export function expireHolds(db: Db, now: Date): Promise<number[]> {
  return releaseExpiredHolds(db, now);
}

/** How far back released bookings are still checked for a late successful payment. */
const RECONCILE_LOOKBACK_MS = 48 * 3_600_000;

/**
 * For Stripe without webhooks (or a missed one): asks Stripe about bookings whose payment may have
 * succeeded unnoticed and records it through markDepositPaid.
 */
export async function reconcilePayments(db: Db, now: Date, deps: PaymentDeps): Promise<{ checked: number; recorded: number }> {
  const rows = await listBookingsToReconcile(db, new Date(now.getTime() - RECONCILE_LOOKBACK_MS));
  let recorded = 0;
  for (const b of rows) {
    try {
      const intentId = b.stripePaymentIntentId!;
      const intent = await deps.payments.retrieveIntent(intentId);
      if (intent.status !== 'succeeded') continue;
      await markDepositPaid(db, { bookingId: b.id, intentId, amount: intent.amount }, now, deps);
      recorded++;
    } catch (err) {
      deps.log?.error({ err, bookingId: b.id }, 'payment reconciliation failed for a booking');
    }
  }
  return { checked: rows.length, recorded };
}

/** A refund owed but never asked for this long after its booking last changed was interrupted (crash, restart). */
const STUCK_REFUND_MS = 10 * 60_000;

/**
 * Refunds still `pending`, for a missed webhook: asks the provider where each started refund is
 * now (refunded: the customer is emailed once, whoever sees it first), and makes the refunds an
 * interrupted cancellation never asked for (same idempotency key: the provider refunds once).
 */
export async function reconcileRefunds(db: Db, now: Date, deps: PaymentDeps): Promise<{ checked: number; settled: number }> {
  const rows = await listPendingRefunds(db, new Date(now.getTime() - STUCK_REFUND_MS));
  const refunds = refundDeps(db, now, deps);
  let settled = 0;
  for (const b of rows) {
    try {
      const after = b.refundId ? await refreshRefund(refunds, b) : await refundDeposit(refunds, b.id);
      if (after && after.refundStatus !== 'pending') settled++;
    } catch (err) {
      deps.log?.error({ err, bookingId: b.id }, 'refund reconciliation failed for a booking');
    }
  }
  return { checked: rows.length, settled };
}

/**
 * Queues the reminder of confirmed bookings starting within the next 24 hours, once each, with a
 * new manage link (made when it is sent); with `textsEnabled` (Twilio configured), also as a text to customers who asked
 * for texts. A booking made less than 24 hours ahead gets none (its confirmation said so).
 */
export async function sendReminders(db: Db, now: Date, deps: Pick<PaymentDeps, 'log'> & { publicUrl?: string; textsEnabled?: boolean } = {}): Promise<number> {
  const due = await listDueReminders(db, now, new Date(now.getTime() + REMINDER_HOURS * 3_600_000));
  let queued = 0;
  for (const b of due) {
    const claimed = await db.transaction(async (tx) => {
      if (!(await markReminderSent(tx, b.id, now))) return false;
      const { business, booking } = await bookingEmailFacts(tx, b);
      // The email and the text each get their own token when they go out.
      const { manageUrl, link } = manageLinkOf(b.id, deps.publicUrl ?? '');
      await queueEmail(tx, { ...bookingReminderEmail(booking, { business, manageUrl }), link });
      if (deps.textsEnabled) await queueReminderText(tx, booking, { business, now, log: deps.log, manageUrl, link });
      return true;
    });
    if (claimed) queued++;
  }
  if (queued) deps.log?.info({ queued }, 'booking reminders queued');
  return queued;
}
