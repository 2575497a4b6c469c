import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** Counts one hit on `key` in a fixed window; returns the count and when the window ends. */
export async function hitRateLimit(db: DbOrTx, key: string, windowMs: number, now: Date) {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return rows[0];
}

export async function deleteExpiredRateLimits(db: DbOrTx, now: Date) {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < ${now.toISOString()}::timestamptz`);
}

export async function clearRateLimit(db: DbOrTx, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
