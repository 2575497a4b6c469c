import { and, asc, between, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blockedTimes } from '../../db/schema';

const columns = { id: blockedTimes.id, date: blockedTimes.date, time: blockedTimes.time, endTime: blockedTimes.endTime };

/** One user's blocks from `startDate` to `endDate` (both yyyy-MM-dd, inclusive), by date (labels do not sort as text). */
export function listUserBlockedTimes(db: DbOrTx, userId: number, startDate: string, endDate: string) {
  return db
    .select(columns)
    .from(blockedTimes)
    .where(and(eq(blockedTimes.userId, userId), between(blockedTimes.date, startDate, endDate)))
    .orderBy(asc(blockedTimes.date), asc(blockedTimes.id));
}

/** Inserts a block; null when this user already blocked that date and time. */
export async function insertBlockedTime(db: DbOrTx, values: { userId: number; isBusiness: boolean; date: string; time: string; endTime: string }) {
  const rows = await db.insert(blockedTimes).values(values).onConflictDoNothing().returning(columns);
  return rows[0] ?? null;
}

/** Deletes one of the user's own blocks; false when there is no such block of theirs. */
export async function deleteUserBlockedTime(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(blockedTimes)
    .where(and(eq(blockedTimes.id, id), eq(blockedTimes.userId, userId)))
    .returning({ id: blockedTimes.id });
  return rows.length > 0;
}
