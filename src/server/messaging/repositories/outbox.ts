import { eq } from 'drizzle-orm';
import { enqueueJob } from '../../jobs/enqueue';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, type StoredAttachment } from '../../db/schema';
import type { LinkRef } from '../services/links';
import { claimDueRows, markRowFailed, pendingRowWaitsUntil } from './outbox-rows';

export type EmailRow = typeof emailOutbox.$inferSelect;

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Text files as they are, or a file made when the email is sent (see services/attachments.ts). */
  attachments?: StoredAttachment[];
  /** When set, a second email with the same key is not queued again. */
  dedupeKey?: string;
  /** The private link in it, by name: the body holds LINK_TOKEN where its token goes (made when sent). */
  link?: LinkRef;
}

/**
 * Queues an email. Pass the transaction of the change that causes it, so the email exists if
 * and only if the change was committed. Returns false when an email with the same dedupe key
 * was already queued (nothing new is queued then).
 */
export async function queueEmail(db: DbOrTx, email: OutgoingEmail): Promise<boolean> {
  const rows = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      attachments: email.attachments ?? [],
      dedupeKey: email.dedupeKey ?? null,
      linkKind: email.link?.kind ?? null,
      linkRef: email.link?.ref ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  if (rows.length === 0) return false;
  await enqueueEmailJob(db, rows[0].id);
  return true;
}

/**
 * Adds the job that sends row `id`, through `db` (the transaction that queued or rescheduled the
 * row). The job names the row and nothing else; one waiting job per row (its job key).
 */
export async function enqueueEmailJob(db: DbOrTx, id: number, runAt?: Date) {
  await enqueueJob(db, 'send-email', { emailId: id }, { jobKey: `email:${id}`, runAt });
}

/** Claims up to `limit` due emails (or only email `onlyId`) for `leaseMs` (see claimDueRows). */
export async function claimDueEmails(db: DbOrTx, now: Date, limit: number, leaseMs: number, onlyId?: number): Promise<EmailRow[]> {
  return claimDueRows(db, emailOutbox, now, limit, leaseMs, onlyId);
}

/**
 * Marks an email sent and drops its body, html and attachments: they carry links (manage, review,
 * reset, address confirmation) that work for days, and a sent email is needed by no one, while
 * the database and every backup of it would hand them out (decision 0013). Kind, recipient and
 * subject stay.
 */
export async function markEmailSent(db: DbOrTx, id: number, now: Date) {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, textBody: '', htmlBody: null, attachments: [] })
    .where(eq(emailOutbox.id, id));
}

export async function markEmailFailed(db: DbOrTx, id: number, error: string, nextAttemptAt: Date | null) {
  await markRowFailed(db, emailOutbox, id, error, nextAttemptAt);
}

export async function pendingEmailWaitsUntil(db: DbOrTx, id: number): Promise<Date | null> {
  return pendingRowWaitsUntil(db, emailOutbox, id);
}
