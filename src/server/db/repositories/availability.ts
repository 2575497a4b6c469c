import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/constants';
import type { DbOrTx } from '../client';
import { blockedTimes, bookings, timeSlots } from '../schema';

/**
 * What the availability engine needs about one business day (`yyyy-MM-dd`): its active bookings,
 * business blocks and grid overrides. One UNION ALL query, since the per-query cost (notably on
 * PGlite) is most of the time spent on a slots request.
 */
export async function getDayAvailabilityRows(db: DbOrTx, date: string) {
  const rows = await db
    .select({
      kind: sql<'booking' | 'block' | 'override'>`'booking'`.as('kind'),
      time: bookings.bookingTime,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
      endTime: sql<string | null>`null::text`.as('end_time'),
      isAvailable: sql<boolean | null>`null::boolean`.as('is_available'),
    })
    .from(bookings)
    .where(and(eq(bookings.bookingDate, date), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])))
    .unionAll(
      db
        .select({
          kind: sql<'block'>`'block'`.as('kind'),
          time: blockedTimes.time,
          status: sql<string>`null::text`.as('status'),
          holdExpiresAt: sql<Date | null>`null::timestamptz`.as('hold_expires_at'),
          endTime: blockedTimes.endTime,
          isAvailable: sql<boolean | null>`null::boolean`.as('is_available'),
        })
        .from(blockedTimes)
        .where(and(eq(blockedTimes.date, date), eq(blockedTimes.isBusiness, true))),
    )
    .unionAll(
      db
        .select({
          kind: sql<'override'>`'override'`.as('kind'),
          time: timeSlots.slotTime,
          status: sql<string>`null::text`.as('status'),
          holdExpiresAt: sql<Date | null>`null::timestamptz`.as('hold_expires_at'),
          endTime: sql<string | null>`null::text`.as('end_time'),
          isAvailable: timeSlots.isAvailable,
        })
        .from(timeSlots)
        .where(eq(timeSlots.slotDate, date)),
    );
  return {
    bookings: rows.filter((r) => r.kind === 'booking').map((r) => ({ bookingTime: r.time, status: r.status, holdExpiresAt: r.holdExpiresAt ? new Date(r.holdExpiresAt) : null })),
    businessBlocks: rows.filter((r) => r.kind === 'block').map((r) => ({ time: r.time, endTime: r.endTime })),
    overrides: rows.filter((r) => r.kind === 'override').map((r) => ({ slotTime: r.time, isAvailable: Boolean(r.isAvailable) })),
  };
}

/** A user's own blocked times on one day (a customer's blocks never close the business grid). */
export function listUserBlocksOnDate(db: DbOrTx, userId: number, date: string) {
  return db
    .select({ time: blockedTimes.time, endTime: blockedTimes.endTime })
    .from(blockedTimes)
    .where(and(eq(blockedTimes.userId, userId), eq(blockedTimes.date, date)));
}
