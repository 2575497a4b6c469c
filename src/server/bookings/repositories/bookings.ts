import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, paymentEvents, services } from '../../db/schema';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;

export async function insertBooking(db: DbOrTx, values: NewBookingRow): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row;
}

export async function findBookingById(db: DbOrTx, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** The booking, locked for the rest of the transaction (so payment handling runs once at a time). */
export async function lockBookingById(db: DbOrTx, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
  return row;
}

export async function findBookingByIntentId(db: DbOrTx, intentId: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.stripePaymentIntentId, intentId)).limit(1);
  return row;
}

/**
 * Cancels unpaid pending bookings whose hold ended, with reason 'hold_expired' (so a late
 * payment can take the slot back). All of them (the sweeper), or those of one slot before a new
 * booking or a move claims it; `exceptId` leaves out the booking being moved. Returns the
 * released ids.
 */
export async function releaseExpiredHolds(db: DbOrTx, now: Date, only: { slot?: { date: string; time: string }; exceptId?: number } = {}): Promise<number[]> {
  const { slot, exceptId } = only;
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', cancelReason: 'hold_expired', cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.status, 'pending'),
        eq(bookings.depositPaid, false),
        isNotNull(bookings.holdExpiresAt),
        lte(bookings.holdExpiresAt, now),
        slot ? and(eq(bookings.bookingDate, slot.date), eq(bookings.bookingTime, slot.time)) : undefined,
        exceptId !== undefined ? ne(bookings.id, exceptId) : undefined,
      ),
    )
    .returning({ id: bookings.id });
  return rows.map((r) => r.id);
}

/** Stores the booking's payment intent unless it already has one; returns the stored id. */
export async function setBookingIntentId(db: DbOrTx, id: number, intentId: string, now: Date): Promise<string | null> {
  await db
    .update(bookings)
    .set({ stripePaymentIntentId: intentId, updatedAt: now })
    .where(and(eq(bookings.id, id), isNull(bookings.stripePaymentIntentId)));
  const row = await findBookingById(db, id);
  return row?.stripePaymentIntentId ?? null;
}

/** Deposit received for a booking that keeps (or takes back) its slot; pending ones become confirmed. */
export async function confirmPaidBooking(db: DbOrTx, id: number, p: { intentId: string; now: Date; status: string; crew?: number }): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({
      ...(p.crew !== undefined ? { crew: p.crew } : {}),
      status: p.status,
      depositPaid: true,
      paidAt: p.now,
      stripePaymentIntentId: p.intentId,
      holdExpiresAt: null,
      cancelledAt: null,
      cancelReason: null,
      updatedAt: p.now,
    })
    .where(eq(bookings.id, id))
    .returning();
  return row;
}

/** Deposit received for a booking that stays cancelled: the money is owed back (refund pending). */
export async function markPaidForRefund(db: DbOrTx, id: number, p: { intentId: string; now: Date }): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({ depositPaid: true, paidAt: p.now, stripePaymentIntentId: p.intentId, refundStatus: 'pending', updatedAt: p.now })
    .where(eq(bookings.id, id))
    .returning();
  return row;
}

/**
 * The one place a refund's outcome is written. `refunded` stamps refundedAt; any other status
 * clears it (a refund is refunded only once the provider says the money went back).
 */
export async function recordRefundOutcome(
  db: DbOrTx,
  id: number,
  p: { refundStatus: 'pending' | 'refunded' | 'failed'; refundId: string | null; now: Date },
): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({ refundStatus: p.refundStatus, refundId: p.refundId, refundedAt: p.refundStatus === 'refunded' ? p.now : null, updatedAt: p.now })
    .where(eq(bookings.id, id))
    .returning();
  return row;
}

/** The booking whose deposit this refund returns. */
export async function findBookingByRefundId(db: DbOrTx, refundId: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.refundId, refundId)).limit(1);
  return row;
}

/**
 * Refunds owed and not settled: those the provider reported `pending` (refundId set), and those
 * never asked for, last touched before `stuckBefore` (a cancellation interrupted before its
 * provider call).
 */
export function listPendingRefunds(db: DbOrTx, stuckBefore: Date, limit = 50): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.depositPaid, true),
        eq(bookings.refundStatus, 'pending'),
        isNotNull(bookings.stripePaymentIntentId),
        or(isNotNull(bookings.refundId), lt(bookings.updatedAt, stuckBefore)),
      ),
    )
    .orderBy(asc(bookings.updatedAt), asc(bookings.id))
    .limit(limit);
}

/** Confirmed and rescheduling bookings starting at or after `from`, with their service's current name, for the calendar feed. */
export function listCalendarBookings(db: DbOrTx, from: Date) {
  return db
    .select({ ...getTableColumns(bookings), serviceName: services.name })
    .from(bookings)
    .leftJoin(services, eq(services.slug, bookings.serviceType))
    .where(and(inArray(bookings.status, ['confirmed', 'rescheduling']), gte(bookings.startsAt, from)))
    .orderBy(asc(bookings.startsAt))
    .limit(2000);
}

/** Confirmed bookings starting in (now, until] that have not been reminded. */
export function listDueReminders(db: DbOrTx, now: Date, until: Date, limit = 100) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNull(bookings.reminderSentAt),
        sql`${bookings.startsAt} > ${now.toISOString()}::timestamptz`,
        lte(bookings.startsAt, until),
        // Booked less than 24 hours ahead: no reminder (services/reminder-rule.ts).
        sql`${bookings.startsAt} - ${bookings.createdAt} >= interval '24 hours'`,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
}

/** Claims the reminder of one booking; false when another run already did. */
export async function markReminderSent(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ reminderSentAt: now, updatedAt: now })
    .where(and(eq(bookings.id, id), isNull(bookings.reminderSentAt)))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/**
 * Bookings whose payment may have succeeded without our hearing of it: unpaid pending ones with
 * an intent, and unpaid ones released since `since`. (Refunds owed: listPendingRefunds.)
 */
export function listBookingsToReconcile(db: DbOrTx, since: Date, limit = 100) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        isNotNull(bookings.stripePaymentIntentId),
        or(
          and(eq(bookings.status, 'pending'), eq(bookings.depositPaid, false)),
          and(eq(bookings.status, 'cancelled'), eq(bookings.depositPaid, false), gte(bookings.cancelledAt, since)),
        ),
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(limit);
}

// Payment events (webhook idempotency)

export async function hasPaymentEvent(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
  return rows.length > 0;
}

export async function recordPaymentEvent(db: DbOrTx, event: { id: string; type: string; now: Date }): Promise<void> {
  await db.insert(paymentEvents).values({ id: event.id, type: event.type, receivedAt: event.now }).onConflictDoNothing();
}
