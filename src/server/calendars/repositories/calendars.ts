import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { calendarBusy, calendarFeeds } from '../../db/schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

export function listFeeds(db: DbOrTx): Promise<CalendarFeedRow[]> {
  return db.select().from(calendarFeeds).orderBy(asc(calendarFeeds.id));
}

export async function findFeed(db: DbOrTx, id: number): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id)).limit(1);
  return row;
}

export async function insertFeed(db: DbOrTx, values: { name: string; url: string; now: Date }): Promise<CalendarFeedRow> {
  const [row] = await db.insert(calendarFeeds).values({ name: values.name, url: values.url, createdAt: values.now }).returning();
  return row;
}

/** Deletes the feed and (cascade) its busy intervals; false when there was none. */
export async function deleteFeed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(calendarFeeds).where(eq(calendarFeeds.id, id)).returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

/**
 * Takes the feed for one fetch until `until`, unless another instance holds it: only one instance
 * fetches a feed at a time, and a crashed one's lease simply runs out. With `triedBefore` (the
 * background job), only while the feed is still due: another instance may have synced it since
 * this one listed it.
 */
export async function claimFeed(db: DbOrTx, id: number, now: Date, until: Date, triedBefore?: Date): Promise<CalendarFeedRow | undefined> {
  const free = or(isNull(calendarFeeds.leaseUntil), lte(calendarFeeds.leaseUntil, now));
  const due = triedBefore ? or(isNull(calendarFeeds.lastAttemptAt), lt(calendarFeeds.lastAttemptAt, triedBefore)) : undefined;
  const [row] = await db
    .update(calendarFeeds)
    .set({ leaseUntil: until })
    .where(and(eq(calendarFeeds.id, id), free, due))
    .returning();
  return row;
}

/** Feeds not tried since `before` (and not being fetched now), oldest attempt first. */
export function listFeedsDue(db: DbOrTx, before: Date, now: Date): Promise<CalendarFeedRow[]> {
  return db
    .select()
    .from(calendarFeeds)
    .where(and(or(isNull(calendarFeeds.lastAttemptAt), lt(calendarFeeds.lastAttemptAt, before)), or(isNull(calendarFeeds.leaseUntil), lte(calendarFeeds.leaseUntil, now))))
    .orderBy(sql`${calendarFeeds.lastAttemptAt} asc nulls first`);
}

/** A good fetch: its busy intervals replace the feed's old ones, and the lease ends. */
export async function storeFeedSync(
  db: DbOrTx,
  id: number,
  p: { now: Date; busy: { startsAt: Date; endsAt: Date }[] | null; eventCount?: number; etag?: string | null; lastModified?: string | null },
): Promise<CalendarFeedRow | undefined> {
  if (p.busy) {
    await db.delete(calendarBusy).where(eq(calendarBusy.feedId, id));
    for (let i = 0; i < p.busy.length; i += 1000) {
      await db.insert(calendarBusy).values(p.busy.slice(i, i + 1000).map((b) => ({ feedId: id, startsAt: b.startsAt, endsAt: b.endsAt })));
    }
  }
  const [row] = await db
    .update(calendarFeeds)
    .set({
      lastSyncedAt: p.now,
      lastAttemptAt: p.now,
      lastError: null,
      leaseUntil: null,
      ...(p.busy ? { eventCount: p.eventCount ?? p.busy.length, etag: p.etag ?? null, lastModified: p.lastModified ?? null } : {}),
    })
    .where(eq(calendarFeeds.id, id))
    .returning();
  return row;
}

/** A failed fetch: the old busy intervals stay (last good data), the reason is kept for the owner. */
export async function storeFeedError(db: DbOrTx, id: number, p: { now: Date; error: string }): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.update(calendarFeeds).set({ lastAttemptAt: p.now, lastError: p.error, leaseUntil: null }).where(eq(calendarFeeds.id, id)).returning();
  return row;
}

/** Imported busy intervals overlapping [from, to). */
export function listBusyBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ startsAt: calendarBusy.startsAt, endsAt: calendarBusy.endsAt })
    .from(calendarBusy)
    .where(and(lt(calendarBusy.startsAt, to), gt(calendarBusy.endsAt, from)));
}
