import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { enqueueEmailJob } from './outbox';

/** Emails not sent yet or given up on; newest first. */
export function listProblemEmails(db: DbOrTx, status: 'failed' | 'pending' | undefined, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(status ? eq(emailOutbox.status, status) : inArray(emailOutbox.status, ['failed', 'pending']))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

/** Puts a failed email back in the queue, with its job, for another round of attempts; false when not failed. */
export async function requeueFailedEmail(db: DbOrTx, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
      .returning({ id: emailOutbox.id });
    if (rows.length === 0) return false;
    await enqueueEmailJob(tx, id, now);
    return true;
  });
}
