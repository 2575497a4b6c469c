import { and, asc, desc, eq, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactSubmissions } from '../../db/schema';

export interface NewContactSubmission {
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/** Stores one contact message; returns its id and creation time. */
export async function insertContactSubmission(db: DbOrTx, input: NewContactSubmission, now: Date) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, createdAt: now })
    .returning({ id: contactSubmissions.id, createdAt: contactSubmissions.createdAt });
  return row;
}

/**
 * Records the bot check's verdict of a message still `pending`. Returns false when another run
 * (the request or the recovery job) recorded one first: the caller then queues nothing.
 */
export async function setContactBotCheck(db: DbOrTx, id: number, botCheck: string): Promise<boolean> {
  const rows = await db
    .update(contactSubmissions)
    .set({ botCheck })
    .where(and(eq(contactSubmissions.id, id), eq(contactSubmissions.botCheck, 'pending')))
    .returning({ id: contactSubmissions.id });
  return rows.length > 0;
}

/** Messages stored at or before `before` whose bot check never recorded a verdict, oldest first. */
export function listPendingContactSubmissions(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({
      id: contactSubmissions.id,
      fullName: contactSubmissions.fullName,
      email: contactSubmissions.email,
      subject: contactSubmissions.subject,
      message: contactSubmissions.message,
    })
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.botCheck, 'pending'), lte(contactSubmissions.createdAt, before)))
    .orderBy(asc(contactSubmissions.id))
    .limit(limit);
}

export function listContactSubmissions(db: DbOrTx, limit: number) {
  // Messages the bot check refused stay stored but are not the owner's reading.
  return db
    .select()
    .from(contactSubmissions)
    .where(ne(contactSubmissions.botCheck, 'failed'))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit);
}
