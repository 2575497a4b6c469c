import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blockedTimes } from '../../db/schema';

/** A user's own blocked times on one day (a customer's blocks never close the business grid). */
export function listUserBlocksOnDate(db: DbOrTx, userId: number, date: string) {
  return db
    .select({ time: blockedTimes.time, endTime: blockedTimes.endTime })
    .from(blockedTimes)
    .where(and(eq(blockedTimes.userId, userId), eq(blockedTimes.date, date)));
}
