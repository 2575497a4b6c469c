import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const TEST_GOOGLE_CLIENT_ID = 'test-client-id.apps.googleusercontent.com';

export interface FakeGoogle {
  /** Put in createTestApp({ env }): GOOGLE_CLIENT_ID and GOOGLE_JWKS_URL. */
  env: { GOOGLE_CLIENT_ID: string; GOOGLE_JWKS_URL: string };
  /** Signs an ID token with the served key; claims override Google-like defaults. */
  sign(claims?: Partial<JWTPayload & { email: string; email_verified: boolean | string; name: string; picture: string }>, opts?: { now?: Date; expiresInSec?: number; foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Stands in for Google's key endpoint: a JWKS served by node:http on 127.0.0.1 with a key made
 * here, so ID tokens can be signed in tests and verified by the real code path (jose).
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  // A second key the server never publishes: tokens signed with it must be refused.
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/certs') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    env: { GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    async sign(claims = {}, opts = {}) {
      const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
      const payload = {
        iss: 'https://accounts.google.com',
        aud: TEST_GOOGLE_CLIENT_ID,
        sub: '100000000000000000001',
        email: 'google.user@example.com',
        email_verified: true,
        name: 'Google User',
        picture: 'https://lh3.googleusercontent.com/a/test',
        iat,
        exp: iat + (opts.expiresInSec ?? 3600),
        ...claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
        .sign(opts.foreignKey ? foreign.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
