import type { Db } from '../../db/client';
import { ConflictError } from '../../errors';
import { listContactSubmissions } from '../repositories/contact';
import { listProblemEmails, requeueFailedEmail } from '../repositories/email-problems';

/** The owner's lists of messages and of emails not sent; each shows this many at most. */
const LIST_LIMIT = 500;

export async function listContactMessages(db: Db) {
  const rows = await listContactSubmissions(db, LIST_LIMIT);
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, email: r.email, subject: r.subject, message: r.message, createdAt: r.createdAt.toISOString() }));
}

export async function listEmailProblems(db: Db, status: 'failed' | 'pending' | undefined) {
  const rows = await listProblemEmails(db, status, LIST_LIMIT);
  return rows.map((r) => ({ ...r, nextAttemptAt: r.nextAttemptAt.toISOString(), createdAt: r.createdAt.toISOString() }));
}

/** Sends a failed email again (the worker picks it up on its next round). */
export async function retryEmail(db: Db, id: number, now: Date) {
  if (!(await requeueFailedEmail(db, id, now))) throw new ConflictError('Only a failed email can be sent again.', 'INVALID_STATUS');
  return { message: 'The email is queued to be sent again.' };
}
