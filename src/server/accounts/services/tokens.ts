import { createHash } from 'node:crypto';

/** SHA-256 (hex) of a secret token: what is stored of sessions, sign-in links, reset and review tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
