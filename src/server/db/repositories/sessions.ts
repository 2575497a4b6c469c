import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { sessions, users } from '../schema';

export async function insertSession(db: DbOrTx, values: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

/** The active user behind a session token hash, or null when unknown, expired or deactivated. */
export async function findSessionUser(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, phone: users.phone, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
