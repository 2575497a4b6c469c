import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { deleteUserSessions } from '../repositories/sessions';
import { deleteUserSignInLinks, insertSignInLink, takeSignInLink } from '../repositories/sign-in-links';
import { clearOwnerSince, findUserByEmail, insertUser, lockUser, proveEmailBySignInLink, setOwnerSince } from '../repositories/users';
import { AppError, NotFoundError, ValidationError } from '../../errors';
import { hashToken } from './tokens';
import { addOwnerSchema, removeOwnerSchema, type AddOwnerInput, type RemoveOwnerInput } from '../../../shared/schemas/owner';
import { openSession, type NewSession } from './auth';
import { UNUSABLE_PASSWORD } from './passwords';
import { isOwnerEmail, roleFor } from './roles';

/** How long the printed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;

interface Deps {
  db: Db;
  config: Pick<Config, 'adminEmails' | 'publicUrl'>;
  now: Date;
}

export interface AddedOwner {
  email: string;
  fullName: string;
  /** True when the command created the account, false when it promoted an existing one. */
  created: boolean;
  /** The one-time sign-in link to print; only its token's SHA-256 is stored. */
  link: string;
  expiresAt: Date;
}

function validationError(issues: { path: PropertyKey[]; message: string }[]): ValidationError {
  const errors = Object.fromEntries(issues.map((i) => [String(i.path[0] ?? 'email'), i.message]));
  return new ValidationError(Object.values(errors)[0] ?? 'Invalid input', errors);
}

/**
 * `npm run owner -- add EMAIL`: creates the account (no usable password, like an account made
 * through Google) or promotes the existing one, marks it the owner and makes a one-time sign-in
 * link. A new link voids the account's older ones. The admin role itself waits for the link to be
 * opened, which proves the address (see roleFor and decision 0010).
 */
export async function addOwner({ db, config, now }: Deps, raw: AddOwnerInput): Promise<AddedOwner> {
  const parsed = addOwnerSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { email, name } = parsed.data;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
  const result = await db.transaction(async (tx) => {
    let existing = await findUserByEmail(tx, email);
    let created = false;
    if (!existing) {
      const fallback = email.split('@')[0]!;
      await insertUser(tx, { email, fullName: name ?? (fallback.length >= 2 ? fallback : email), passwordHash: UNUSABLE_PASSWORD, role: 'customer' });
      existing = await findUserByEmail(tx, email);
      created = true;
    }
    const user = existing && (await lockUser(tx, existing.id));
    if (!user) throw new AppError('The account could not be created. Please try again.', 'INTERNAL');
    if (!user.isActive) throw new ValidationError(`The account ${user.email} is deactivated.`, { email: `The account ${user.email} is deactivated.` });
    await setOwnerSince(tx, user.id, now);
    await deleteUserSignInLinks(tx, user.id);
    await insertSignInLink(tx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
    return { email: user.email, fullName: user.fullName, created };
  });
  return { ...result, link: `${config.publicUrl}/api/auth/sign-in-link?token=${token}`, expiresAt };
}

export interface RemovedOwner {
  email: string;
  fullName: string;
  /** The account was an owner made with `npm run owner -- add` (`owner_since`), and is no longer. */
  wasMadeOwner: boolean;
  /** The account's stored role was admin (it signed in as the owner). */
  wasAdmin: boolean;
  /** ADMIN_EMAILS lists the address: with a proven address it stays admin until the list drops it. */
  isListed: boolean;
}

export const NO_SUCH_ACCOUNT = (email: string) => `There is no account with the email ${email}.`;

/**
 * `npm run owner -- remove EMAIL`: the account stays, with its bookings, as a customer's. Its
 * sessions stay open but lose admin at their next request, since the role is worked out at each
 * one (roleFor); its unused sign-in links go. An address ADMIN_EMAILS lists is admin by the list,
 * which this command cannot change: the caller says so.
 */
export async function removeOwner({ db, config }: Pick<Deps, 'db' | 'config'>, raw: RemoveOwnerInput): Promise<RemovedOwner> {
  const parsed = removeOwnerSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { email } = parsed.data;
  return db.transaction(async (tx) => {
    const found = await findUserByEmail(tx, email);
    const user = found && (await lockUser(tx, found.id));
    if (!user) throw new NotFoundError(NO_SUCH_ACCOUNT(email));
    const wasMadeOwner = Boolean(user.ownerSince);
    const wasAdmin = user.role === 'admin';
    if (wasMadeOwner || wasAdmin) {
      await clearOwnerSince(tx, user.id, roleFor(config, { ...user, ownerSince: null }));
      await deleteUserSignInLinks(tx, user.id);
    }
    return { email: user.email, fullName: user.fullName, wasMadeOwner, wasAdmin, isListed: isOwnerEmail(config, user.email) };
  });
}

/**
 * The printed link, opened: proves the address (the server's operator sent it to the owner), signs
 * in and uses the link up, in one transaction. When the address had never been proven, a password
 * on the account may be someone else's (they registered the owner's address first): it stops
 * working and every other session ends, as with a Google link to such an account (decision 0004).
 * An account already proven keeps its password and sessions. Null for an unknown, used or expired
 * link, or an account no longer the owner's.
 */
export async function redeemSignInLink(deps: Deps, token: string, previousTokenHash: string | null): Promise<NewSession | null> {
  const { db, now } = deps;
  if (!token || token.length > 200) return null;
  return db.transaction(async (tx) => {
    const link = await takeSignInLink(tx, hashToken(token));
    if (!link || link.expiresAt.getTime() <= now.getTime()) return null;
    const user = await lockUser(tx, link.userId);
    if (!user || !user.isActive || !user.ownerSince) return null;
    const takesOver = !user.emailVerifiedAt;
    await proveEmailBySignInLink(tx, user.id, now, takesOver ? { unusablePasswordHash: UNUSABLE_PASSWORD } : null);
    if (takesOver) await deleteUserSessions(tx, user.id);
    await deleteUserSignInLinks(tx, user.id);
    return openSession(tx, deps, { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now }, previousTokenHash);
  });
}
