import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { emailOutbox, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/accounts/services/tokens';
import { sentText } from './sent-mail';

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

/**
 * The business owner: registers an ADMIN_EMAILS address, follows the confirmation link of the
 * email queued for it, as sent (the admin role needs the proven address), then signs in as admin.
 */
export async function signUpOwner(t: { app: FastifyInstance; db: Db }, email: string, fullName = 'Business Owner') {
  const ip = freshIp();
  const reg = await call(t.app, 'POST', '/api/auth/register', { ip, body: { fullName, email, phone: '3105550100', password: PASSWORD, confirmPassword: PASSWORD } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.raw}`);
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'owner_confirm_email'), sql`lower(${emailOutbox.toAddress}) = ${email.toLowerCase()}`))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const link = mail && /https?:\/\/[^/\s]+(\/api\/auth\/confirm-email\?token=[\w-]+)/.exec(await sentText(t.app, mail.id))?.[1];
  if (!link) throw new Error(`no confirmation email for ${email}`);
  const confirmed = await call(t.app, 'GET', link, { ip });
  if (confirmed.headers.location !== '/login?emailConfirmed=1') throw new Error(`confirmation failed: ${confirmed.status} ${String(confirmed.headers.location)}`);
  // The link proves the address together with a sign-in with the password, in the same browser.
  const proof = emailProofCookieOf(confirmed);
  const login = await call(t.app, 'POST', '/api/auth/login', { ip, body: { email, password: PASSWORD }, headers: proof ? { cookie: proof } : {} });
  if (login.status !== 200 || !login.sidCookie || login.body.user.role !== 'admin') throw new Error(`owner login failed: ${login.status} ${login.raw}`);
  return { user: login.body.user as { id: number; email: string; fullName: string; phone: string | null; role: string }, sid: login.sidCookie.value, email, password: PASSWORD };
}

/** The `email_proof` cookie the confirmation link set (the opened link, for the next sign-in), as a Cookie header. */
export function emailProofCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const found = all.map(String).find((c) => c.startsWith('email_proof='));
  return found?.split(';')[0];
}

/** The `booking_pay` cookie a booking reply set (this browser's right to pay it), as a Cookie header. */
export function payCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const found = all.map(String).find((c) => c.startsWith('booking_pay='));
  return found?.split(';')[0];
}

/**
 * A user of `role` written straight to the database with a live session, for tests about what a
 * role may do rather than about signing in: the user's id and the `Cookie` header (`sid=…`).
 */
export async function sessionAs(db: Db, role: 'admin' | 'customer', values: Partial<typeof users.$inferInsert> = {}): Promise<{ id: number; cookie: string }> {
  const email = values.email ?? `${role}-${randomBytes(4).toString('hex')}@example.com`;
  // The role is worked out at each request (roleFor): an admin is an owner with a proven address.
  const owner = role === 'admin' ? { emailVerifiedAt: new Date('2026-01-01T00:00:00Z'), ownerSince: new Date('2026-01-01T00:00:00Z') } : {};
  const [user] = await db.insert(users).values({ fullName: `Test ${role}`, passwordHash: 'unusable', role, ...owner, ...values, email }).returning();
  const token = randomBytes(24).toString('hex');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date('2030-01-01T00:00:00Z') });
  return { id: user.id, cookie: `sid=${token}` };
}
