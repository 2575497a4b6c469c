import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { bookingColumns } from './booking-columns';

const columns = {
  ...bookingColumns,
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
export async function markBookingCancelled(tx: DbOrTx, id: number, at: Date, refundStatus: 'none' | 'kept' | 'pending'): Promise<OwnedBooking> {
  const rows = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: 'customer', refundStatus, holdExpiresAt: null, updatedAt: at })
    .where(eq(bookings.id, id))
    .returning(columns);
  return rows[0];
}

export async function markBookingRescheduling(tx: DbOrTx, id: number, at: Date): Promise<OwnedBooking> {
  const rows = await tx.update(bookings).set({ status: 'rescheduling', updatedAt: at }).where(eq(bookings.id, id)).returning(columns);
  return rows[0];
}
