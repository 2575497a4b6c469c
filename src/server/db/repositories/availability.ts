import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/constants';
import type { DbOrTx } from '../client';
import { blockedTimes, bookings, timeSlots } from '../schema';

/** What the availability engine needs about one business day (`yyyy-MM-dd`). */
export async function getDayAvailabilityRows(db: DbOrTx, date: string) {
  // One query after another: inside a transaction they share one connection.
  const dayBookings = await db
      .select({ bookingTime: bookings.bookingTime, status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
      .from(bookings)
      .where(and(eq(bookings.bookingDate, date), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])));
  const businessBlocks = await db
    .select({ time: blockedTimes.time, endTime: blockedTimes.endTime })
    .from(blockedTimes)
    .where(and(eq(blockedTimes.date, date), eq(blockedTimes.isBusiness, true)));
  const overrides = await db
    .select({ slotTime: timeSlots.slotTime, isAvailable: timeSlots.isAvailable })
    .from(timeSlots)
    .where(eq(timeSlots.slotDate, date));
  return { bookings: dayBookings, businessBlocks, overrides };
}

/** A user's own blocked times on one day (a customer's blocks never close the business grid). */
export function listUserBlocksOnDate(db: DbOrTx, userId: number, date: string) {
  return db
    .select({ time: blockedTimes.time, endTime: blockedTimes.endTime })
    .from(blockedTimes)
    .where(and(eq(blockedTimes.userId, userId), eq(blockedTimes.date, date)));
}
