import { and, desc, eq, gt, like } from 'drizzle-orm';
import { enqueueJob } from '../../jobs/enqueue';
import type { DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { LinkRef } from '../services/links';
import { claimDueRows, markRowFailed, pendingRowWaitsUntil } from './outbox-rows';

export type TextRow = typeof smsOutbox.$inferSelect;

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

/** Claims up to `limit` due texts (or only text `onlyId`) for `leaseMs` (see claimDueRows). */
export async function claimDueTexts(db: DbOrTx, now: Date, limit: number, leaseMs: number, onlyId?: number): Promise<TextRow[]> {
  return claimDueRows(db, smsOutbox, now, limit, leaseMs, onlyId);
}

/** Marks a text sent and drops its body, which may carry a manage link (see markEmailSent). */
export async function markTextSent(db: DbOrTx, id: number, providerId: string, now: Date) {
  await db.update(smsOutbox).set({ status: 'sent', providerId, sentAt: now, lockedUntil: null, lastError: null, body: '' }).where(eq(smsOutbox.id, id));
}

export async function markTextFailed(db: DbOrTx, id: number, error: string, nextAttemptAt: Date | null) {
  await markRowFailed(db, smsOutbox, id, error, nextAttemptAt);
}

export async function pendingTextWaitsUntil(db: DbOrTx, id: number): Promise<Date | null> {
  return pendingRowWaitsUntil(db, smsOutbox, id);
}
