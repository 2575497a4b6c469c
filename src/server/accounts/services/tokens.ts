import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 (hex) of a secret token: what is stored of sessions, sign-in links, reset and review tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new secret token: 32 random bytes as base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The hash of a token no one keeps: what a link's record holds from the moment it is queued until
 * its email goes out and the sender stores the hash of the token it mails. No token opens it.
 */
export function sealedTokenHash(): string {
  return hashToken(newToken());
}
