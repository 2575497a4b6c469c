import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { bookings, demoPayments, paymentEvents } from '../schema';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;

/**
 * Whether `err` (or an error it wraps: Drizzle puts the driver's error in `cause`) is a unique
 * violation, optionally of one named constraint.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') {
      if (!constraint) return true;
      if (e.constraint === constraint) return true;
      if (typeof e.message === 'string' && e.message.includes(constraint)) return true;
    }
  }
  return false;
}

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
 * Cancels unpaid pending bookings whose hold ended (all of them, or those of one slot) with
 * reason 'hold_expired'. Returns the released ids.
 */
export async function releaseExpiredHolds(db: DbOrTx, now: Date, slot?: { date: string; time: string }): Promise<number[]> {
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

/** Another active booking on the same slot, if any. */
export async function findOtherActiveBookingOnSlot(db: DbOrTx, booking: { id: number; bookingDate: string; bookingTime: string }) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.bookingDate, booking.bookingDate),
        eq(bookings.bookingTime, booking.bookingTime),
        inArray(bookings.status, ['pending', 'confirmed', 'rescheduling']),
        ne(bookings.id, booking.id),
      ),
    )
    .limit(1);
  return row;
}

/** Deposit received for a booking that keeps (or takes back) its slot; pending ones become confirmed. */
export async function confirmPaidBooking(db: DbOrTx, id: number, p: { intentId: string; now: Date; status: string }): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({
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

export async function recordRefund(db: DbOrTx, id: number, p: { refundId: string | null; status: 'refunded' | 'pending' | 'failed'; now: Date }) {
  const [row] = await db
    .update(bookings)
    .set({ refundId: p.refundId, refundStatus: p.status, refundedAt: p.status === 'refunded' ? p.now : null, updatedAt: p.now })
    .where(eq(bookings.id, id))
    .returning();
  return row;
}

/** Confirmed and rescheduling bookings starting at or after `from`, for the calendar feed. */
export function listCalendarBookings(db: DbOrTx, from: Date) {
  return db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.status, ['confirmed', 'rescheduling']), gte(bookings.startsAt, from)))
    .orderBy(asc(bookings.startsAt))
    .limit(2000);
}

/** Confirmed bookings starting in (now, until] that have not been reminded. */
export function listDueReminders(db: DbOrTx, now: Date, until: Date, limit = 100) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), isNull(bookings.reminderSentAt), sql`${bookings.startsAt} > ${now.toISOString()}::timestamptz`, lte(bookings.startsAt, until)))
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
 * an intent, unpaid ones released since `since`, and paid ones whose refund is still owed.
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
          and(eq(bookings.status, 'cancelled'), eq(bookings.depositPaid, true), isNull(bookings.refundId), inArray(bookings.refundStatus, ['pending', 'failed'])),
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

// Demo provider's intents

export type DemoPaymentRow = typeof demoPayments.$inferSelect;

export async function findDemoPaymentForBooking(db: DbOrTx, bookingId: number): Promise<DemoPaymentRow | undefined> {
  const [row] = await db.select().from(demoPayments).where(eq(demoPayments.bookingId, bookingId)).orderBy(asc(demoPayments.createdAt)).limit(1);
  return row;
}

export async function findDemoPayment(db: DbOrTx, by: { id: string } | { clientSecret: string }): Promise<DemoPaymentRow | undefined> {
  const where = 'id' in by ? eq(demoPayments.id, by.id) : eq(demoPayments.clientSecret, by.clientSecret);
  const [row] = await db.select().from(demoPayments).where(where).limit(1);
  return row;
}

export async function insertDemoPayment(db: DbOrTx, values: typeof demoPayments.$inferInsert): Promise<DemoPaymentRow> {
  const [row] = await db.insert(demoPayments).values(values).returning();
  return row;
}

export async function updateDemoPayment(db: DbOrTx, id: string, set: { status?: string; lastError?: string | null }) {
  await db.update(demoPayments).set(set).where(eq(demoPayments.id, id));
}
