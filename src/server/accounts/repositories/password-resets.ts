import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export async function insertPasswordResetToken(db: DbOrTx, values: { tokenHash: string; userId: number; expiresAt: Date }): Promise<number> {
  const [row] = await db.insert(passwordResetTokens).values(values).returning({ id: passwordResetTokens.id });
  return row.id;
}

/** Gives reset request `id`, while it is unused and unexpired, the sender's token hash and expiry; false otherwise. */
export async function renewPasswordResetToken(db: DbOrTx, id: number, values: { tokenHash: string; expiresAt: Date }, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set(values)
    .where(and(eq(passwordResetTokens.id, id), gt(passwordResetTokens.expiresAt, now)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/** The user a reset token belongs to, while it is unused and unexpired; null otherwise. */
export async function findPasswordResetUserId(db: DbOrTx, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/**
 * Uses up a reset token: deletes it if it is still valid and returns its user, null otherwise.
 * The delete is the claim, so two requests with one link cannot both succeed.
 */
export async function takePasswordResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Every outstanding reset link of a user (after a reset, the older links must not work either). */
export async function deleteUserPasswordResetTokens(db: DbOrTx, userId: number) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Removes expired reset links (the hourly cleanup). */
export async function deleteExpiredPasswordResetTokens(db: DbOrTx, now: Date) {
  await db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, now));
}
