import type { Config } from '../../config';
import type { Role, UserRow } from '../repositories/users';

export function isOwnerEmail(config: Pick<Config, 'adminEmails'>, email: string): boolean {
  return config.adminEmails.includes(email.trim().toLowerCase());
}

/**
 * An ADMIN_EMAILS address is the owner's only once the account proved it owns the address
 * (the confirmation link, or Google's verified email). Registration alone proves nothing: without
 * this, whoever registered the owner's address first would run the business.
 *
 * `emailVerifiedAt` is enough here because every path that proves the address also settles who
 * holds the password (decision 0004): a Google link to an unproven account drops the old password,
 * the confirmation link proves the address only together with a sign-in with the password, and a
 * reset sets a new one. So no password set before the proof, by someone who never proved it,
 * survives the proof.
 *
 * An owner made on the command line (`ownerSince`, decision 0010) is admin whatever ADMIN_EMAILS
 * says, but also only with the proven address: the operator vouched for the address, not for a
 * password someone may have registered it with. The printed sign-in link proves it.
 *
 * Worked out at every request from the row and today's ADMIN_EMAILS (the auth plugin), not only at
 * sign-in: an owner removed on the command line or from the list loses admin at once, not when a
 * 30-day session ends. `users.role` is the copy written at sign-in and by `npm run owner`.
 */
export function roleFor(config: Pick<Config, 'adminEmails'>, user: Pick<UserRow, 'email' | 'emailVerifiedAt' | 'ownerSince'>): Role {
  if (!user.emailVerifiedAt) return 'customer';
  return user.ownerSince || isOwnerEmail(config, user.email) ? 'admin' : 'customer';
}
