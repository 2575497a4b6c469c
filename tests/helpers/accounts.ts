import type { FastifyInstance } from 'fastify';

export interface CallOptions {
  body?: unknown;
  /** The session token to send as the `sid` cookie. */
  sid?: string | null;
  /** The client's address (rate limits count per IP). */
  ip?: string;
  headers?: Record<string, string>;
}

/** app.inject with a JSON body, a session cookie and a client IP; returns parsed JSON and the raw reply. */
export async function call(app: FastifyInstance, method: string, url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.sid) headers.cookie = `sid=${opts.sid}`;
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers,
    payload: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  let body: any = null;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = null;
  }
  const sidCookie = res.cookies.find((c) => c.name === 'sid') as
    | { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean; expires?: Date; maxAge?: number }
    | undefined;
  return { status: res.statusCode, body, raw: res.body, headers: res.headers, sidCookie };
}

let ipCounter = 0;
/** A fresh client address, so tests do not trip each other's per-IP limits. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = 'correct-horse-42';

/** Registers an account and signs in; returns the user and the session token. */
export async function signUp(app: FastifyInstance, opts: { email?: string; fullName?: string; phone?: string; password?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const ip = freshIp();
  const reg = await call(app, 'POST', '/api/auth/register', {
    ip,
    body: { fullName: opts.fullName ?? 'Test Customer', email, phone: opts.phone ?? '3105550100', password, confirmPassword: password },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.raw}`);
  const login = await call(app, 'POST', '/api/auth/login', { ip, body: { email, password } });
  if (login.status !== 200 || !login.sidCookie) throw new Error(`login failed: ${login.status} ${login.raw}`);
  return { user: login.body.user as { id: number; email: string; fullName: string; phone: string | null; role: string }, sid: login.sidCookie.value, email, password };
}
