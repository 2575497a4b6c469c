import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** What the API may show of a user: never the password hash. */
const publicColumns = { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone, role: users.role };

export type UserRow = typeof users.$inferSelect;
export type Role = 'customer' | 'admin';

/** Emails are unique case-insensitively (the `lower(email)` index); this lookup matches it. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByGoogleSub(db: DbOrTx, googleSub: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.googleSub, googleSub)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a user; null when the email (or Google account) is already taken. */
export async function insertUser(
  db: DbOrTx,
  values: {
    email: string;
    fullName: string;
    passwordHash: string;
    phone?: string | null;
    role: Role;
    googleSub?: string | null;
    photoUrl?: string | null;
    emailVerifiedAt?: Date | null;
    emailVerifyTokenHash?: string | null;
  },
) {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning(publicColumns);
  return rows[0] ?? null;
}

/** Records a sign-in: last_login, and the role that ADMIN_EMAILS gives today. */
export async function recordLogin(db: DbOrTx, id: number, at: Date, role: Role) {
  const rows = await db.update(users).set({ lastLogin: at, role }).where(eq(users.id, id)).returning(publicColumns);
  return rows[0];
}

/** The user row, locked until the transaction ends (decisions that read then write the row). */
export async function lockUser(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

/**
 * Links a Google account to an existing user (same verified email, which proves the address).
 * `replacePasswordHash` (the unusable marker) drops the password and any pending confirmation
 * token: the service passes it when the address had not been proven before, since that password
 * may have been set by someone else.
 */
export async function linkGoogleAccount(
  db: DbOrTx,
  id: number,
  values: { googleSub: string; photoUrl: string | null; at: Date; replacePasswordHash?: string },
) {
  await db
    .update(users)
    .set({
      googleSub: values.googleSub,
      photoUrl: sql`coalesce(${users.photoUrl}, ${values.photoUrl})`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${values.at.toISOString()}::timestamptz)`,
      ...(values.replacePasswordHash ? { passwordHash: values.replacePasswordHash, emailVerifyTokenHash: null } : {}),
    })
    .where(eq(users.id, id));
}

/** A password reset: the new hash, and the address proven (the reset link reached it). */
export async function setPasswordAndProveEmail(db: DbOrTx, id: number, passwordHash: string, at: Date) {
  await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`, emailVerifyTokenHash: null })
    .where(eq(users.id, id));
}

/** The account with this pending confirmation token, or null (unknown or already used). */
export async function findUserByEmailVerifyToken(db: DbOrTx, tokenHash: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.emailVerifyTokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

/** Marks the address of the account holding this confirmation token as proven; null for an unknown token. */
export async function confirmEmailByToken(db: DbOrTx, tokenHash: string, at: Date) {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at, emailVerifyTokenHash: null })
    .where(eq(users.emailVerifyTokenHash, tokenHash))
    .returning(publicColumns);
  return rows[0] ?? null;
}

export async function updateUserProfile(db: DbOrTx, id: number, values: { fullName: string; phone: string | null }) {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning(publicColumns);
  return rows[0] ?? null;
}

/** Replaces the account's pending email-confirmation token (only its hash is kept). */
export async function setEmailVerifyToken(db: DbOrTx, id: number, tokenHash: string) {
  await db.update(users).set({ emailVerifyTokenHash: tokenHash }).where(eq(users.id, id));
}

/** Replaces a pending confirmation token's hash (the sender's new token); false when none is pending. */
export async function replacePendingEmailVerifyToken(db: DbOrTx, id: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifyTokenHash: tokenHash })
    .where(and(eq(users.id, id), isNotNull(users.emailVerifyTokenHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Makes the account the owner (`npm run owner -- add`); an owner keeps the date it first became one. */
export async function setOwnerSince(db: DbOrTx, id: number, at: Date) {
  await db
    .update(users)
    .set({ ownerSince: sql`coalesce(${users.ownerSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, id));
}

/** `npm run owner -- remove`: no longer the owner; `role` is the copy of what roleFor now says. */
export async function clearOwnerSince(db: DbOrTx, id: number, role: Role) {
  await db.update(users).set({ ownerSince: null, role }).where(eq(users.id, id));
}

/**
 * The owner's sign-in link, used: the address is proven. `dropPassword` (the address had never
 * been proven, so the password may be someone else's) replaces the password with the unusable
 * marker and drops any pending confirmation token, as a Google link to such an account does.
 */
export async function proveEmailBySignInLink(db: DbOrTx, id: number, at: Date, dropPassword: { unusablePasswordHash: string } | null) {
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      ...(dropPassword ? { passwordHash: dropPassword.unusablePasswordHash, emailVerifyTokenHash: null } : {}),
    })
    .where(eq(users.id, id));
}
