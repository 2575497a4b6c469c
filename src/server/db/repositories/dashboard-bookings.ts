import { and, desc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { bookings } from '../schema';

const columns = {
  id: bookings.id,
  serviceType: bookings.serviceType,
  bookingDate: bookings.bookingDate,
  bookingTime: bookings.bookingTime,
  startsAt: bookings.startsAt,
  fullName: bookings.fullName,
  email: bookings.email,
  phone: bookings.phone,
  address: bookings.address,
  specialInstructions: bookings.specialInstructions,
  status: bookings.status,
  depositPaid: bookings.depositPaid,
  depositAmount: bookings.depositAmount,
  stripePaymentIntentId: bookings.stripePaymentIntentId,
  refundStatus: bookings.refundStatus,
  refundId: bookings.refundId,
};

export type OwnedBooking = Pick<typeof bookings.$inferSelect, keyof typeof columns>;

/** The user's bookings, latest appointment first. */
export function listUserBookings(db: DbOrTx, userId: number): Promise<OwnedBooking[]> {
  return db.select(columns).from(bookings).where(eq(bookings.userId, userId)).orderBy(desc(bookings.startsAt), desc(bookings.id));
}

/** One of the user's bookings, row-locked for the rest of the transaction; null if not theirs. */
export async function lockUserBooking(tx: DbOrTx, userId: number, id: number): Promise<OwnedBooking | null> {
  const rows = await tx
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)))
    .for('update');
  return rows[0] ?? null;
}

/** Cancels a booking by its customer; the slot is free at once (the unique index covers active statuses only). */
export async function markBookingCancelled(tx: DbOrTx, id: number, at: Date, refundStatus: 'none' | 'kept' | 'pending' | 'failed'): Promise<OwnedBooking> {
  const rows = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: 'customer', refundStatus, holdExpiresAt: null, updatedAt: at })
    .where(eq(bookings.id, id))
    .returning(columns);
  return rows[0];
}

export async function recordBookingRefund(
  tx: DbOrTx,
  id: number,
  outcome: { refundStatus: 'refunded' | 'failed'; refundId: string | null; refundedAt: Date | null; at: Date },
): Promise<OwnedBooking> {
  const rows = await tx
    .update(bookings)
    .set({ refundStatus: outcome.refundStatus, refundId: outcome.refundId, refundedAt: outcome.refundedAt, updatedAt: outcome.at })
    .where(eq(bookings.id, id))
    .returning(columns);
  return rows[0];
}

export async function markBookingRescheduling(tx: DbOrTx, id: number, at: Date): Promise<OwnedBooking> {
  const rows = await tx.update(bookings).set({ status: 'rescheduling', updatedAt: at }).where(eq(bookings.id, id)).returning(columns);
  return rows[0];
}

/** Customer cancellations whose refund stayed `pending` (last touched between `since` and `before`). */
export function listStuckCustomerRefunds(db: DbOrTx, before: Date, since: Date): Promise<OwnedBooking[]> {
  return db
    .select(columns)
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'cancelled'),
        eq(bookings.cancelReason, 'customer'),
        eq(bookings.refundStatus, 'pending'),
        isNotNull(bookings.stripePaymentIntentId),
        lt(bookings.updatedAt, before),
        gt(bookings.updatedAt, since),
      ),
    )
    .limit(50);
}
