import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { users } from '../schema';

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

/** Links a Google account to an existing user (same verified email, which proves the address). */
export async function linkGoogleAccount(db: DbOrTx, id: number, googleSub: string, photoUrl: string | null, at: Date) {
  await db
    .update(users)
    .set({ googleSub, photoUrl: sql`coalesce(${users.photoUrl}, ${photoUrl})`, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, id));
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
