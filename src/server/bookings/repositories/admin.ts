import { and, asc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { CancelReason } from '../../../shared/constants';
import { bookingColumns } from './booking-columns';

/** The columns the business sees of a booking (plus what its actions need). */
const adminBookingColumns = {
  ...bookingColumns,
  cancelReason: bookings.cancelReason,
  crew: bookings.crew,
  durationMinutes: bookings.durationMinutes,
  twoPeople: bookings.twoPeople,
  bufferMinutes: bookings.bufferMinutes,
  areaChecked: bookings.areaChecked,
  createdAt: bookings.createdAt,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Bookings matching the owner's filters, in appointment order. */
export function listAdminBookings(db: DbOrTx, filters: { status?: string; from?: string; to?: string; q?: string; limit: number }) {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(bookings.status, filters.status));
  if (filters.from) where.push(gte(bookings.bookingDate, filters.from));
  if (filters.to) where.push(lte(bookings.bookingDate, filters.to));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const text = [
      ilike(bookings.fullName, pattern),
      ilike(bookings.email, pattern),
      ilike(bookings.phone, pattern),
      ilike(bookings.address, pattern),
      ilike(bookings.serviceType, pattern),
    ];
    const asId = /^#?\d{1,9}$/.test(filters.q) ? Number(filters.q.replace('#', '')) : null;
    where.push(or(...text, ...(asId !== null ? [eq(bookings.id, asId)] : []))!);
  }
  return db
    .select(adminBookingColumns)
    .from(bookings)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(filters.limit);
}

export async function findAdminBooking(db: DbOrTx, id: number) {
  const rows = await db.select(adminBookingColumns).from(bookings).where(eq(bookings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The booking, locked until the transaction ends, so two admin actions cannot interleave. */
export async function lockAdminBooking(tx: DbOrTx, id: number) {
  const rows = await tx.select(adminBookingColumns).from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function setBookingStatus(
  tx: DbOrTx,
  id: number,
  values: { status: string; updatedAt: Date; cancelledAt?: Date; cancelReason?: CancelReason; refundStatus?: string; actualMinutes?: number },
) {
  const rows = await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning(adminBookingColumns);
  return rows[0];
}

/** Moves a booking to another slot; the partial unique index refuses a slot already held. */
export async function setBookingSlot(tx: DbOrTx, id: number, values: { bookingDate: string; bookingTime: string; startsAt: Date; crew: number; status: string; updatedAt: Date }) {
  const rows = await tx
    .update(bookings)
    .set({ ...values, reminderSentAt: null })
    .where(eq(bookings.id, id))
    .returning(adminBookingColumns);
  return rows[0];
}

/** Bookings that hold a start on `date` (pending ones whatever their hold: the constraint counts them). */
export function listSlotHolders(db: DbOrTx, date: string) {
  return db
    .select({ id: bookings.id, bookingTime: bookings.bookingTime, crew: bookings.crew, status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(eq(bookings.bookingDate, date), inArray(bookings.status, ['pending', 'confirmed', 'rescheduling'])));
}

export async function setBookingCrew(tx: DbOrTx, id: number, values: { crew: number; updatedAt: Date }) {
  const rows = await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning(adminBookingColumns);
  return rows[0];
}
