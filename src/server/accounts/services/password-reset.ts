import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { LINK_TOKEN, queueEmail, businessFacts, passwordResetEmail } from '../../messaging';
import { deleteUserPasswordResetTokens, findPasswordResetUserId, insertPasswordResetToken, renewPasswordResetToken, takePasswordResetToken } from '../repositories/password-resets';
import { clearRateLimit, hitRateLimit } from '../repositories/rate-limits';
import { deleteUserSessions } from '../repositories/sessions';
import { findUserByEmail, lockUser, setPasswordAndProveEmail } from '../repositories/users';
import { AppError, RateLimitError } from '../../errors';
import { hashToken, newToken, sealedTokenHash } from './tokens';
import { RESET_LINK_INVALID_MESSAGE, type ForgotPasswordInput, type ResetPasswordInput } from '../../../shared/schemas/auth';
import { loginFailureKey, openSession, type NewSession } from './auth';
import { hashPassword } from './passwords';

export const RESET_LINK_MINUTES = 30;

/**
 * Reset emails asked for per address and window, whoever asks (rate_limits table). The window is
 * no longer than a link lives, and a new link leaves the older ones working, so whenever a request
 * is refused the mailbox holds a link sent in this window that still works: a stranger who spends
 * the requests (and locks the password) cannot keep the holder out. A reset starts the count again.
 */
export const RESET_EMAIL_LIMIT = 3;
export const RESET_EMAIL_WINDOW_MS = RESET_LINK_MINUTES * 60_000;
export const RESETS_SPENT_MESSAGE = `Too many reset requests for this email. A link we sent in the last ${RESET_LINK_MINUTES} minutes still works; or wait ${RESET_LINK_MINUTES} minutes and ask again.`;

function resetRequestKey(email: string): string {
  return `forgot-password|${email.trim().toLowerCase()}`;
}

interface Deps {
  db: Db;
  config: Pick<Config, 'adminEmails' | 'rateLimitScale' | 'publicUrl'>;
  now: Date;
}

/**
 * "Forgot your password?": queues one email with a one-time link for an active account. The
 * caller answers FORGOT_PASSWORD_MESSAGE either way, so the reply does not tell whether the address
 * has an account. The per-address limit counts unknown addresses too, for the same reason, and
 * keeps anyone from filling a stranger's inbox.
 */
export async function requestPasswordReset({ db, config, now }: Deps, input: ForgotPasswordInput): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const limit = Math.max(1, Math.ceil(RESET_EMAIL_LIMIT * config.rateLimitScale));
  const { count } = await hitRateLimit(db, resetRequestKey(email), RESET_EMAIL_WINDOW_MS, now);
  if (count > limit) throw new RateLimitError(RESETS_SPENT_MESSAGE);

  const user = await findUserByEmail(db, email);
  if (!user || !user.isActive) return;
  // The request is recorded with a hash no token opens; the link's token is made when the email
  // goes out (mintPasswordResetToken), so no row or backup holds a working link.
  const link = `${config.publicUrl}/reset-password?token=${LINK_TOKEN}`;
  await db.transaction(async (tx) => {
    const id = await insertPasswordResetToken(tx, { tokenHash: sealedTokenHash(), userId: user.id, expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000) });
    await queueEmail(tx, { ...passwordResetEmail(user, link, { validMinutes: RESET_LINK_MINUTES, business: await businessFacts(tx) }), link: { kind: 'password_reset', ref: id } });
  });
}

/**
 * The token of reset request `id`'s link, made as its email goes out: it works for
 * RESET_LINK_MINUTES from now. Null when the request was used up (a reset took every link of the
 * account) or lapsed unsent: the email is not sent, and asking again sends a new one.
 */
export async function mintPasswordResetToken(tx: DbOrTx, id: number, now: Date): Promise<string | null> {
  const token = newToken();
  const renewed = await renewPasswordResetToken(tx, id, { tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000) }, now);
  return renewed ? token : null;
}

const invalidLink = () => new AppError(RESET_LINK_INVALID_MESSAGE, 'RESET_LINK_INVALID');

/**
 * The emailed link, used: sets the new password, proves the address (the link reached it), uses up
 * this and every other reset link of the account, ends every session (someone else may hold the
 * old password, or have registered the address first) and signs the person in. One transaction,
 * so a link used twice at once works only once.
 */
export async function resetPassword(deps: Deps, input: ResetPasswordInput, previousTokenHash: string | null): Promise<NewSession> {
  const { db, now } = deps;
  const tokenHash = hashToken(input.token);
  // A cheap look first, so a dead link costs no scrypt; the delete below is what decides.
  if (!input.token || !(await findPasswordResetUserId(db, tokenHash, now))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const session = await db.transaction(async (tx) => {
    const userId = await takePasswordResetToken(tx, tokenHash, now);
    const user = userId ? await lockUser(tx, userId) : null;
    if (!user || !user.isActive) return null;
    await deleteUserPasswordResetTokens(tx, user.id);
    await setPasswordAndProveEmail(tx, user.id, passwordHash, now);
    await deleteUserSessions(tx, user.id);
    return openSession(tx, deps, { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now }, previousTokenHash);
  });
  if (!session) throw invalidLink();
  // Failed sign-ins counted before the reset should not lock the new password out; and the reset
  // used up every link of the account, so asking for a new one must work again at once.
  await clearRateLimit(db, loginFailureKey(session.user.email));
  await clearRateLimit(db, resetRequestKey(session.user.email));
  return session;
}
