import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for reCAPTCHA's siteverify on 127.0.0.1: the token `good-token` with the secret
 * `test-secret` passes as `action` with a score of 0.9; anything else is refused. `env` sets the
 * app's keys to use it; `seen` holds every verification asked, in order.
 */
export async function startFakeRecaptcha(action: string) {
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      seen.push(params);
      const ok = params.get('secret') === 'test-secret' && params.get('response') === 'good-token';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ok ? { success: true, score: 0.9, action } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { RECAPTCHA_SITE_KEY: 'test-site-key', RECAPTCHA_SECRET_KEY: 'test-secret', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify` },
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
