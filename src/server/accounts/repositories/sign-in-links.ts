import { eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInLinks } from '../../db/schema';

export async function insertSignInLink(db: DbOrTx, values: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(signInLinks).values(values);
}

/**
 * Uses up a sign-in link: deletes the row and returns its user and expiry, or null for an unknown
 * (or already used) token. The delete is the claim, so one link opened twice at once works once;
 * an expired link is used up too, and the caller refuses it.
 */
export async function takeSignInLink(db: DbOrTx, tokenHash: string): Promise<{ userId: number; expiresAt: Date } | null> {
  const rows = await db.delete(signInLinks).where(eq(signInLinks.tokenHash, tokenHash)).returning({ userId: signInLinks.userId, expiresAt: signInLinks.expiresAt });
  return rows[0] ?? null;
}

/** Every outstanding sign-in link of a user (a new link, or one used, makes the others void). */
export async function deleteUserSignInLinks(db: DbOrTx, userId: number) {
  await db.delete(signInLinks).where(eq(signInLinks.userId, userId));
}

/** Removes expired links (the hourly cleanup). */
export async function deleteExpiredSignInLinks(db: DbOrTx, now: Date) {
  await db.delete(signInLinks).where(lte(signInLinks.expiresAt, now));
}
