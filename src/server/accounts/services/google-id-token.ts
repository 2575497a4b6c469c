import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** The identity a verified Google ID token vouches for. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** The token is not one we can trust (bad signature, audience, issuer, expiry, unverified email). */
export class GoogleTokenRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'GoogleTokenRejectedError';
  }
}

// One key set per URL for the life of the process: jose caches Google's keys and refetches on
// an unknown key id, so each sign-in does not cost a request to Google.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

/** Errors that mean "this token is bad", as opposed to "we could not check it". */
const REJECTED = new Set<string>([
  joseErrors.JWTExpired.code,
  joseErrors.JWTClaimValidationFailed.code,
  joseErrors.JWTInvalid.code,
  joseErrors.JWSInvalid.code,
  joseErrors.JWSSignatureVerificationFailed.code,
  joseErrors.JWKSNoMatchingKey.code,
  joseErrors.JWKSMultipleMatchingKeys.code,
  joseErrors.JOSEAlgNotAllowed.code,
  joseErrors.JOSENotSupported.code,
]);

/**
 * Verifies a Google ID token: signature against Google's JWKS (URL configurable for tests),
 * audience = our client id, issuer, expiry against `now`, and `email_verified`. Throws
 * GoogleTokenRejectedError for a bad token; other errors (the key set unreachable) propagate.
 */
export async function verifyGoogleIdToken(google: NonNullable<Config['google']>, credential: string, now: Date): Promise<GoogleIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(credential, keySet(google.jwksUrl), {
      audience: google.clientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
      currentDate: now,
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && REJECTED.has(code)) throw new GoogleTokenRejectedError(code);
    throw err;
  }
  const { sub, email, name, picture } = payload as JWTPayload & { email?: unknown; name?: unknown; picture?: unknown };
  // Google has sent this claim both as a boolean and as the string "true".
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email.includes('@')) throw new GoogleTokenRejectedError('missing claims');
  if (!verified) throw new GoogleTokenRejectedError('email not verified');
  return {
    sub,
    email: email.trim(),
    name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : null,
    picture: typeof picture === 'string' && /^https:\/\//.test(picture) ? picture.slice(0, 2000) : null,
  };
}
