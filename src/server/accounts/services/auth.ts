import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { clearRateLimit, hitRateLimit } from '../repositories/rate-limits';
import { deleteExpiredSessions, deleteSession, deleteUserSessions, insertSession } from '../repositories/sessions';
import { isDatabaseUnavailable } from '../../db/errors';
import { LINK_TOKEN, queueEmail, businessFacts, ownerConfirmEmail } from '../../messaging';
import {
  confirmEmailByToken,
  setEmailVerifyToken,
  findUserByEmail,
  findUserByEmailVerifyToken,
  findUserByGoogleSub,
  insertUser,
  linkGoogleAccount,
  lockUser,
  recordLogin,
  replacePendingEmailVerifyToken,
  type UserRow,
} from '../repositories/users';
import { AppError, BadRequestError, ConflictError, RateLimitError, UnauthenticatedError } from '../../errors';
import { hashToken, newToken, sealedTokenHash } from './tokens';
import type { GoogleLoginInput, LoginInput, RegisterInput, User } from '../../../shared/schemas/auth';
import { GoogleTokenRejectedError, verifyGoogleIdToken } from './google-id-token';
import { hashPassword, UNUSABLE_PASSWORD, verifyAgainstDummy, verifyPassword } from './passwords';
import { isOwnerEmail, roleFor } from './roles';

export const SESSION_DAYS = 30;
export const REGISTERED_MESSAGE = 'Your account has been created. Please log in.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const GOOGLE_NOT_CONFIGURED_MESSAGE = 'Google sign-in is not configured for this site.';
export const GOOGLE_REJECTED_MESSAGE = 'Google sign-in could not be verified.';
export const GOOGLE_SERVER_ERROR_MESSAGE = 'Server error during Google login';

/**
 * Password checks allowed per email and window without a success, across all instances
 * (rate_limits table). While they are spent, the emailed links still sign the owner in: "Forgot
 * your password?" and `npm run owner -- add` never look at this count.
 */
export const EMAIL_FAILURE_LIMIT = 5;
export const LOGIN_LOCKED_MESSAGE =
  'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again, or use "Forgot your password?" for a link by email.';
export const EMAIL_FAILURE_WINDOW_MS = 15 * 60_000;

/** The rate_limits key counting failed password sign-ins of one address. */
export function loginFailureKey(email: string): string {
  return `login-failures|${email.trim().toLowerCase()}`;
}

export interface NewSession {
  user: User;
  /** The cookie's value; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

interface Deps {
  db: Db;
  config: Pick<Config, 'adminEmails' | 'google' | 'rateLimitScale' | 'publicUrl'>;
  now: Date;
}

function toUser(row: Pick<UserRow, 'id' | 'fullName' | 'email' | 'phone' | 'role'>): User {
  return { id: row.id, fullName: row.fullName, email: row.email, phone: row.phone, role: row.role === 'admin' ? 'admin' : 'customer' };
}

/** Creates an account. It does not sign in: the visitor logs in afterwards, as the spec's flow does. */
export async function register({ db, config }: Deps, input: RegisterInput): Promise<User> {
  const email = input.email.trim();
  // Cheap check first, so a taken email does not cost a scrypt; the unique index decides races.
  if (await findUserByEmail(db, email)) throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  // The owner's address gets a confirmation link; the admin role waits for it (see roleFor).
  // Its token is made when the email goes out (mintOwnerConfirmToken); until then the account
  // holds a hash no token opens, which marks the confirmation pending.
  const confirms = isOwnerEmail(config, email);
  const created = await db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      email,
      fullName: input.fullName.trim(),
      phone: input.phone?.trim() || null,
      passwordHash,
      role: 'customer',
      emailVerifyTokenHash: confirms ? sealedTokenHash() : null,
    });
    if (row && confirms) await queueEmail(tx, { ...ownerConfirmEmail(row, confirmLinkUrl(config.publicUrl), { business: await businessFacts(tx) }), link: { kind: 'owner_confirm', ref: row.id } });
    return row;
  });
  if (!created) throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
  return toUser(created);
}

/**
 * The confirmation link, opened: true when the token is pending for an account. It proves nothing
 * yet: the route keeps the token in a cookie of this browser, and the address counts as proven at
 * the next password sign-in in this browser (`login`'s `emailProofToken`). The link alone would
 * let the real owner, clicking an email about an account someone else registered with their
 * address, hand the admin role to that someone's password.
 */
export async function checkEmailConfirmToken(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return Boolean(await findUserByEmailVerifyToken(db, hashToken(token)));
}

/**
 * Opens a session inside the caller's transaction: a fresh random token at every sign-in, and the
 * session the request came with ends, so a token planted before sign-in is worthless afterwards
 * (session fixation). The role is recomputed from ADMIN_EMAILS or `ownerSince`, and the proven address.
 */
export async function openSession(
  tx: DbOrTx,
  { config, now }: { config: Pick<Config, 'adminEmails'>; now: Date },
  user: Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt' | 'ownerSince'>,
  previousTokenHash: string | null,
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60_000);
  if (previousTokenHash) await deleteSession(tx, previousTokenHash);
  await deleteExpiredSessions(tx, user.id, now);
  await insertSession(tx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
  const signedIn = await recordLogin(tx, user.id, now, roleFor(config, user));
  return { user: toUser(signedIn), token, expiresAt };
}

async function startSession(deps: Deps, user: UserRow, previousTokenHash: string | null): Promise<NewSession> {
  return deps.db.transaction((tx) => openSession(tx, deps, user, previousTokenHash));
}

/**
 * Password sign-in. `emailProofToken` is the confirmation token this browser brought from the
 * emailed link (see checkEmailConfirmToken): with the right password it proves the address.
 */
export async function login(deps: Deps, input: LoginInput, previousTokenHash: string | null, emailProofToken: string | null = null): Promise<NewSession> {
  const { db, config, now } = deps;
  const failureKey = loginFailureKey(input.email);
  const limit = Math.max(1, Math.ceil(EMAIL_FAILURE_LIMIT * config.rateLimitScale));
  // Counted per email, in the database, so guessing one account's password is slow whichever
  // instance or address the guesses come from. The attempt counts before its check, in one
  // atomic upsert: counting failures after the check let every guess that arrived during the
  // first five scrypts through (19 at once got 12 checked). A right password clears the count.
  const { count } = await hitRateLimit(db, failureKey, EMAIL_FAILURE_WINDOW_MS, now);
  if (count > limit) throw new RateLimitError(LOGIN_LOCKED_MESSAGE);
  const user = await findUserByEmail(db, input.email);
  // Unknown emails and Google-only accounts cost the same scrypt as a real check.
  const matches = user && user.passwordHash !== UNUSABLE_PASSWORD ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !matches || !user.isActive) throw new UnauthenticatedError(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
  await clearRateLimit(db, failureKey);
  // An owner address whose account predates ADMIN_EMAILS has no link pending: it gets one now
  // (at most one an hour). The role still waits for the link.
  if (isOwnerEmail(config, user.email) && !user.emailVerifiedAt && !user.emailVerifyTokenHash) await sendOwnerConfirmation(deps, user);
  const proves = Boolean(emailProofToken && user.emailVerifyTokenHash && emailProofToken.length <= 200 && hashToken(emailProofToken) === user.emailVerifyTokenHash);
  return db.transaction(async (tx) => {
    // Whoever opened the link knows the password too: the registrant, who proved the address.
    // The row as it is now, locked: a sign-in in another browser may have proven the address since
    // `user` was read, and the role written below must not undo it.
    const current = (await lockUser(tx, user.id)) ?? user;
    const proven = proves && (await confirmEmailByToken(tx, user.emailVerifyTokenHash!, now)) ? now : current.emailVerifiedAt;
    return openSession(tx, deps, { ...current, emailVerifiedAt: proven }, previousTokenHash);
  });
}

async function sendOwnerConfirmation({ db, config, now }: Deps, user: UserRow) {
  const hour = now.toISOString().slice(0, 13);
  await db.transaction(async (tx) => {
    const queued = await queueEmail(tx, {
      ...ownerConfirmEmail(user, confirmLinkUrl(config.publicUrl), { business: await businessFacts(tx) }),
      dedupeKey: `owner-confirm-${user.id}-${hour}`,
      link: { kind: 'owner_confirm', ref: user.id },
    });
    if (queued) await setEmailVerifyToken(tx, user.id, sealedTokenHash());
  });
}

/** The owner's address confirmation link of an email being queued: the token is made when it is sent. */
function confirmLinkUrl(publicUrl: string): string {
  return `${publicUrl}/api/auth/confirm-email?token=${LINK_TOKEN}`;
}

/**
 * The token of user `id`'s confirmation link, made as its email goes out: its hash replaces the
 * one stored, as a new confirmation email always did. Null when no confirmation is pending.
 */
export async function mintOwnerConfirmToken(tx: DbOrTx, id: number): Promise<string | null> {
  const token = newToken();
  return (await replacePendingEmailVerifyToken(tx, id, hashToken(token))) ? token : null;
}

/**
 * Links a Google identity to the account registered with its (verified) address. When that
 * address had never been proven, whoever registered it may not be the person Google vouches for
 * (account pre-hijacking): the old password stops working and every session of the account ends,
 * in one transaction, so the person who proved the address keeps the account alone. They can set
 * a password again with "Forgot your password?".
 */
async function linkToProvenAddress(db: Db, userId: number, identity: { sub: string; picture: string | null }, now: Date): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (!row || (row.googleSub && row.googleSub !== identity.sub)) return row;
    const takesOver = !row.emailVerifiedAt;
    await linkGoogleAccount(tx, userId, { googleSub: identity.sub, photoUrl: identity.picture, at: now, replacePasswordHash: takesOver ? UNUSABLE_PASSWORD : undefined });
    if (takesOver) await deleteUserSessions(tx, userId);
    return lockUser(tx, userId);
  });
}

export async function logout(db: Db, tokenHash: string | null): Promise<void> {
  if (tokenHash) await deleteSession(db, tokenHash);
}

/**
 * Signs in with a Google ID token. Only the verified token is trusted: an email in the body
 * that differs from the token's is refused. First sign-in creates the account (no usable
 * password); an existing account with the same verified email is linked.
 */
export async function googleLogin(deps: Deps, input: GoogleLoginInput, previousTokenHash: string | null, log?: { error: (obj: object, msg: string) => void }): Promise<NewSession> {
  const { db, config, now } = deps;
  if (!config.google) throw new BadRequestError(GOOGLE_NOT_CONFIGURED_MESSAGE);
  const rejected = () => new UnauthenticatedError(GOOGLE_REJECTED_MESSAGE, 'INVALID_CREDENTIALS');
  try {
    let identity;
    try {
      identity = await verifyGoogleIdToken(config.google, input.credential, now);
    } catch (err) {
      if (err instanceof GoogleTokenRejectedError) throw rejected();
      throw err;
    }
    if (input.email && input.email.trim().toLowerCase() !== identity.email.toLowerCase()) throw rejected();

    let user = await findUserByGoogleSub(db, identity.sub);
    if (!user) {
      if (!(await findUserByEmail(db, identity.email))) {
        const fullName = identity.name ?? (input.fullName?.trim().slice(0, 100) || identity.email.split('@')[0]);
        // Does nothing when a concurrent sign-in or registration took the address meanwhile.
        await insertUser(db, {
          email: identity.email,
          fullName: fullName.length >= 2 ? fullName : identity.email,
          passwordHash: UNUSABLE_PASSWORD,
          role: roleFor(config, { email: identity.email, emailVerifiedAt: now, ownerSince: null }),
          googleSub: identity.sub,
          photoUrl: identity.picture,
          emailVerifiedAt: now,
        });
      }
      user = await findUserByGoogleSub(db, identity.sub);
      if (!user) {
        // The address belongs to an account of its own (registered earlier, or just now): link it.
        const sameEmail = await findUserByEmail(db, identity.email);
        // Already linked to another Google account: the email alone is not enough.
        if (!sameEmail || (sameEmail.googleSub && sameEmail.googleSub !== identity.sub)) throw rejected();
        user = await linkToProvenAddress(db, sameEmail.id, identity, now);
        if (!user || user.googleSub !== identity.sub) throw rejected();
      }
    }
    if (!user.isActive) throw rejected();
    return await startSession(deps, user, previousTokenHash);
  } catch (err) {
    // The database being away is a 503 like everywhere else, not a failed sign-in.
    if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
    log?.error({ err }, 'Google sign-in failed unexpectedly');
    throw new AppError(GOOGLE_SERVER_ERROR_MESSAGE, 'INTERNAL');
  }
}
