import { and, asc, desc, eq, gt, inArray, isNull, like, lte, or, sql } from 'drizzle-orm';
import { enqueueJob } from '../../jobs/enqueue';
import type { DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { LinkRef } from '../services/links';

export interface QueuedText {
  kind: string;
  /** E.164 (+13105550123). */
  to: string;
  body: string;
  /** When set, a second text with the same key is not queued again. */
  dedupeKey: string;
  /** The private link in it, by name (see OutgoingEmail.link). */
  link?: LinkRef;
}

/**
 * Queues a text, due at `now` (the app's clock, as the worker reads it). Pass the transaction of
 * the change that causes it, so the text exists if and only if the change was committed. Returns
 * false when a text with the same dedupe key was already queued.
 */
export async function queueText(db: DbOrTx, text: QueuedText, now: Date): Promise<boolean> {
  const rows = await db
    .insert(smsOutbox)
    .values({ kind: text.kind, toPhone: text.to, body: text.body, dedupeKey: text.dedupeKey, nextAttemptAt: now, createdAt: now, linkKind: text.link?.kind ?? null, linkRef: text.link?.ref ?? null })
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id });
  if (rows.length === 0) return false;
  await enqueueTextJob(db, rows[0].id, now);
  return true;
}

/**
 * Adds the job that sends row `id`, through `db` (the transaction that queued or rescheduled the
 * row). The job names the row and nothing else; one waiting job per row (its job key).
 */
export async function enqueueTextJob(db: DbOrTx, id: number, runAt?: Date) {
  await enqueueJob(db, 'send-text', { textId: id }, { jobKey: `text:${id}`, runAt });
}

/** When the latest text whose dedupe key starts with `keyPrefix` was queued after `since`; null if none was. */
export async function latestTextSince(db: DbOrTx, keyPrefix: string, since: Date): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(and(like(smsOutbox.dedupeKey, `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`), gt(smsOutbox.createdAt, since)))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * Claims up to `limit` due texts for `leaseMs`. `FOR UPDATE SKIP LOCKED` and the lease make
 * several instances share the outbox without sending anything twice.
 */
export async function claimDueTexts(db: DbOrTx, now: Date, limit: number, leaseMs: number, onlyId?: number) {
  const nowIso = now.toISOString();
  const leaseIso = new Date(now.getTime() + leaseMs).toISOString();
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        onlyId === undefined ? undefined : eq(smsOutbox.id, onlyId),
        eq(smsOutbox.status, 'pending'),
        lte(smsOutbox.nextAttemptAt, sql`${nowIso}::timestamptz`),
        or(isNull(smsOutbox.lockedUntil), lte(smsOutbox.lockedUntil, sql`${nowIso}::timestamptz`)),
      ),
    )
    .orderBy(asc(smsOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(smsOutbox)
    .set({ lockedUntil: sql`${leaseIso}::timestamptz`, attempts: sql`${smsOutbox.attempts} + 1` })
    .where(inArray(smsOutbox.id, due))
    .returning();
}

/** Marks a text sent and drops its body, which may carry a manage link (see markEmailSent). */
export async function markTextSent(db: DbOrTx, id: number, providerId: string, now: Date) {
  await db.update(smsOutbox).set({ status: 'sent', providerId, sentAt: now, lockedUntil: null, lastError: null, body: '' }).where(eq(smsOutbox.id, id));
}

/** Records a failed try: retried at `nextAttemptAt`, or given up (status failed) when it is null. */
export async function markTextFailed(db: DbOrTx, id: number, error: string, nextAttemptAt: Date | null) {
  await db
    .update(smsOutbox)
    .set(
      nextAttemptAt
        ? { lastError: error.slice(0, 2000), nextAttemptAt, lockedUntil: null }
        : { lastError: error.slice(0, 2000), status: 'failed', lockedUntil: null },
    )
    .where(eq(smsOutbox.id, id));
}

/** When a pending row may be sent next (its retry time, or the end of a lease); null when it is sent or given up. */
export async function pendingTextWaitsUntil(db: DbOrTx, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ nextAttemptAt: smsOutbox.nextAttemptAt, lockedUntil: smsOutbox.lockedUntil })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'pending')));
  if (!row) return null;
  return row.lockedUntil && row.lockedUntil > row.nextAttemptAt ? row.lockedUntil : row.nextAttemptAt;
}
