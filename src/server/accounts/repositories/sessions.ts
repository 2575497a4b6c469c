import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export async function insertSession(db: DbOrTx, values: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

/**
 * The active user behind a session token hash, or null when unknown, expired or deactivated.
 * An expired session is deleted on the spot (no sweeper needed for sessions people come back with).
 * With what decides the role (roleFor), read fresh at every request.
 */
export async function findSessionUser(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, phone: users.phone, emailVerifiedAt: users.emailVerifiedAt, ownerSince: users.ownerSince })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.isActive, true)))
    .limit(1);
  if (rows[0]) return rows[0];
  await db.delete(sessions).where(and(eq(sessions.tokenHash, tokenHash), lte(sessions.expiresAt, now)));
  return null;
}

export async function deleteSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Removes a user's expired sessions (done at each sign-in, so old rows do not pile up). */
export async function deleteExpiredSessions(db: DbOrTx, userId: number, now: Date) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
}

/** Removes every expired session (the hourly cleanup: users who never sign in again leave rows too). */
export async function deleteAllExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}

/** Ends every session of a user (the address was proven by someone else, or the password was reset). */
export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
