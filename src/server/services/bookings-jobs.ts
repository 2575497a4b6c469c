import type { Db } from '../db/client';
import { listBookingsToReconcile, listDueReminders, markReminderSent, releaseExpiredHolds } from '../db/repositories/bookings';
import { queueEmail } from '../db/repositories/outbox';
import { markDepositPaid, type PaymentDeps } from './bookings-payments';
import { bookingReminderEmail } from './emails/booking-emails';

/** Releases unpaid pending bookings whose 30-minute hold has ended. Returns their ids. */
export function expireHolds(db: Db, now: Date): Promise<number[]> {
  return releaseExpiredHolds(db, now);
}

/** How far back released bookings are still checked for a late successful payment. */
const RECONCILE_LOOKBACK_MS = 48 * 3_600_000;

/**
 * For Stripe without webhooks (or a missed one): asks Stripe about bookings whose payment may have
 * succeeded unnoticed and records it through markDepositPaid; retries refunds still owed.
 */
export async function reconcilePayments(db: Db, now: Date, deps: PaymentDeps): Promise<{ checked: number; recorded: number }> {
  const rows = await listBookingsToReconcile(db, new Date(now.getTime() - RECONCILE_LOOKBACK_MS));
  let recorded = 0;
  for (const b of rows) {
    try {
      const intentId = b.stripePaymentIntentId!;
      if (b.depositPaid) {
        await markDepositPaid(db, { bookingId: b.id, intentId, amount: b.depositAmount }, now, deps);
        continue;
      }
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

/** Reminders go out this long before the appointment. */
const REMINDER_HOURS = 24;

/** Queues the reminder of confirmed bookings starting within the next 24 hours, once each. */
export async function sendReminders(db: Db, now: Date, deps: Pick<PaymentDeps, 'log'> = {}): Promise<number> {
  const due = await listDueReminders(db, now, new Date(now.getTime() + REMINDER_HOURS * 3_600_000));
  let queued = 0;
  for (const b of due) {
    const claimed = await db.transaction(async (tx) => {
      if (!(await markReminderSent(tx, b.id, now))) return false;
      await queueEmail(tx, bookingReminderEmail(b));
      return true;
    });
    if (claimed) queued++;
  }
  if (queued) deps.log?.info({ queued }, 'booking reminders queued');
  return queued;
}
