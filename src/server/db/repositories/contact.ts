import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { contactSubmissions } from '../schema';

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

export async function setContactBotCheck(db: DbOrTx, id: number, botCheck: string) {
  await db.update(contactSubmissions).set({ botCheck }).where(eq(contactSubmissions.id, id));
}
