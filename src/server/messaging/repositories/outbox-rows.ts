import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { emailOutbox, smsOutbox } from '../../db/schema';

/**
 * Either outbox: the emails' and the texts' rows are claimed, leased, retried and given up alike,
 * so these take the table; outbox.ts and sms-outbox.ts name them for their rows.
 */
type OutboxTable = typeof emailOutbox | typeof smsOutbox;

/**
 * Claims up to `limit` due rows of `table` (or only row `onlyId`) for `leaseMs`. `FOR UPDATE SKIP
 * LOCKED` and the lease make several instances share the outbox without sending anything twice.
 */
export async function claimDueRows<T extends OutboxTable>(db: DbOrTx, table: T, now: Date, limit: number, leaseMs: number, onlyId?: number) {
  // Built on the union of both tables; the rows it returns are of the caller's table `T`.
  const outbox: OutboxTable = table;
  const nowIso = now.toISOString();
  const leaseIso = new Date(now.getTime() + leaseMs).toISOString();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        onlyId === undefined ? undefined : eq(outbox.id, onlyId),
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, sql`${nowIso}::timestamptz`),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, sql`${nowIso}::timestamptz`)),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ lockedUntil: sql`${leaseIso}::timestamptz`, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
  return rows as T['$inferSelect'][];
}

/** Records a failed try of row `id`: retried at `nextAttemptAt`, or given up (status failed) when it is null. */
export async function markRowFailed(db: DbOrTx, table: OutboxTable, id: number, error: string, nextAttemptAt: Date | null) {
  await db
    .update(table)
    .set(
      nextAttemptAt
        ? { lastError: error.slice(0, 2000), nextAttemptAt, lockedUntil: null }
        : { lastError: error.slice(0, 2000), status: 'failed', lockedUntil: null },
    )
    .where(eq(table.id, id));
}

/** When a pending row may be sent next (its retry time, or the end of a lease); null when it is sent or given up. */
export async function pendingRowWaitsUntil(db: DbOrTx, table: OutboxTable, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ nextAttemptAt: table.nextAttemptAt, lockedUntil: table.lockedUntil })
    .from(table)
    .where(and(eq(table.id, id), eq(table.status, 'pending')));
  if (!row) return null;
  return row.lockedUntil && row.lockedUntil > row.nextAttemptAt ? row.lockedUntil : row.nextAttemptAt;
}
