import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, manageLinks } from '../../db/schema';
import type { BookingRow } from './bookings';

export async function insertManageLink(db: DbOrTx, values: { tokenHash: string; bookingId: number; createdAt: Date }): Promise<void> {
  await db.insert(manageLinks).values(values);
}

/** The link stored under this hash and its booking; undefined for none. */
export async function findManageLink(db: DbOrTx, tokenHash: string): Promise<{ tokenHash: string; booking: BookingRow } | undefined> {
  const [row] = await db
    .select({ tokenHash: manageLinks.tokenHash, booking: bookings })
    .from(manageLinks)
    .innerJoin(bookings, eq(bookings.id, manageLinks.bookingId))
    .where(eq(manageLinks.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** One of the user's bookings (every column); undefined when it is not theirs. */
export async function findUserBookingRow(db: DbOrTx, userId: number, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(and(eq(bookings.id, id), eq(bookings.userId, userId))).limit(1);
  return row;
}

/** As findUserBookingRow, row-locked for the rest of the transaction. */
export async function lockUserBookingRow(tx: DbOrTx, userId: number, id: number): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(and(eq(bookings.id, id), eq(bookings.userId, userId))).limit(1).for('update');
  return row;
}
