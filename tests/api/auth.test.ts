import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/accounts/services/tokens';
import { hashPassword } from '../../src/server/accounts/services/passwords';
import { call, emailProofCookieOf, freshIp, PASSWORD, signUp, uniqueEmail } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { sentText } from '../helpers/sent-mail';
import { startFakeGoogle, type FakeGoogle } from '../helpers/google-jwks';

const ADMIN = 'boss@westside.example';
/** An owner address registered by someone else first, then signed in with Google by the owner. */
const GOOGLE_OWNER = 'google-boss@westside.example';
const MINUTE = 60_000;
const LOCKED_MESSAGE = 'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again, or use "Forgot your password?" for a link by email.';

let t: TestApp;
let google: FakeGoogle;
/** Every raw response body of this file, searched at the end for password hashes. */
const bodies: string[] = [];

async function req(method: string, url: string, opts: Parameters<typeof call>[3] = {}) {
  const res = await call(t.app, method, url, opts);
  bodies.push(res.raw, JSON.stringify(res.headers));
  return res;
}

function registerBody(email: string, extra: Record<string, unknown> = {}) {
  return { fullName: 'Jane Customer', email, phone: '(310) 555-0100', password: PASSWORD, confirmPassword: PASSWORD, ...extra };
}

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), env: { ...google.env, ADMIN_EMAILS: `other@example.com, ${ADMIN.toUpperCase()}, ${GOOGLE_OWNER}` } });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

describe('register, login, current user, logout', () => {
  it('runs the whole cycle and ends signed out', async () => {
    const email = uniqueEmail('cycle');
    const ip = freshIp();
    const reg = await req('POST', '/api/auth/register', { ip, body: registerBody(email) });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ message: 'Your account has been created. Please log in.' });
    expect(reg.sidCookie).toBeUndefined();

    const login = await req('POST', '/api/auth/login', { ip, body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ id: expect.any(Number), fullName: 'Jane Customer', email, phone: '(310) 555-0100', role: 'customer' });
    const cookie = login.sidCookie!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    const days = (new Date(cookie.expires!).getTime() - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);

    // Only the SHA-256 of the token is stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, login.body.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashToken(cookie.value));
    expect(stored[0].tokenHash).not.toContain(cookie.value);
    const [row] = await t.db.select().from(users).where(eq(users.id, login.body.user.id));
    expect(row.lastLogin?.getTime()).toBe(t.clock.now().getTime());

    const me = await req('GET', '/api/auth/user', { sid: cookie.value });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(login.body.user);

    const out = await req('POST', '/api/auth/logout', { sid: cookie.value });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
    expect(out.sidCookie?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, login.body.user.id))).toHaveLength(0);

    const after = await req('GET', '/api/auth/user', { sid: cookie.value });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 without a cookie, and logout without one still succeeds', async () => {
    expect((await req('GET', '/api/auth/user')).status).toBe(401);
    expect((await req('GET', '/api/auth/user', { sid: 'not-a-real-token' })).status).toBe(401);
    const out = await req('POST', '/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
  });

  it('treats emails case-insensitively', async () => {
    const email = uniqueEmail('Case.Mixed');
    expect((await req('POST', '/api/auth/register', { ip: freshIp(), body: registerBody(email) })).status).toBe(201);
    const dup = await req('POST', '/api/auth/register', { ip: freshIp(), body: registerBody(email.toUpperCase()) });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' });
    const login = await req('POST', '/api/auth/login', { ip: freshIp(), body: { email: `  ${email.toUpperCase()} `, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
  });

  it('validates registration with the spec messages', async () => {
    const ip = freshIp();
    const mismatch = await req('POST', '/api/auth/register', { ip, body: registerBody(uniqueEmail(), { confirmPassword: 'different-42' }) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe("Passwords don't match");
    const short = await req('POST', '/api/auth/register', { ip, body: registerBody('not-an-email', { fullName: 'J', password: 'short', confirmPassword: 'short' }) });
    expect(short.status).toBe(400);
    expect(short.body.errors).toMatchObject({
      fullName: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    const noPhone = await req('POST', '/api/auth/register', { ip, body: registerBody(uniqueEmail(), { phone: '' }) });
    expect(noPhone.status).toBe(201);
  });

  it('gives the same answer for a wrong password, an unknown email and an inactive account', async () => {
    const { email } = await signUp(t.app);
    const inactive = await signUp(t.app);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
    const attempts = [
      { email, password: 'wrong-password-1' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
      { email: inactive.email, password: PASSWORD },
    ];
    for (const body of attempts) {
      const res = await req('POST', '/api/auth/login', { ip: freshIp(), body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      expect(res.sidCookie).toBeUndefined();
    }
    // A deactivated account's existing session stops working too.
    expect((await req('GET', '/api/auth/user', { sid: inactive.sid })).status).toBe(401);
  });

  it('gives a new session at every sign-in and ends the one the request carried', async () => {
    const { email, sid: first } = await signUp(t.app);
    const ip = freshIp();
    const second = await req('POST', '/api/auth/login', { ip, sid: first, body: { email, password: PASSWORD } });
    expect(second.status).toBe(200);
    const token = second.sidCookie!.value;
    expect(token).not.toBe(first);
    expect((await req('GET', '/api/auth/user', { sid: first })).status).toBe(401);
    expect((await req('GET', '/api/auth/user', { sid: token })).status).toBe(200);

    // A planted token (someone else's session) is dropped when the victim signs in.
    const attacker = await signUp(t.app);
    const victim = await signUp(t.app);
    const signIn = await req('POST', '/api/auth/login', { ip, sid: attacker.sid, body: { email: victim.email, password: PASSWORD } });
    expect(signIn.sidCookie!.value).not.toBe(attacker.sid);
    expect((await req('GET', '/api/auth/user', { sid: attacker.sid })).status).toBe(401);

    // Signing in on another device (no cookie) leaves the first device signed in.
    const other = await req('POST', '/api/auth/login', { ip, body: { email, password: PASSWORD } });
    expect((await req('GET', '/api/auth/user', { sid: token })).status).toBe(200);
    expect((await req('GET', '/api/auth/user', { sid: other.sidCookie!.value })).status).toBe(200);
  });

  it('deletes an expired session when it is used', async () => {
    const { sid, user } = await signUp(t.app);
    t.clock.advance(30 * 24 * 60 * MINUTE + 1000);
    try {
      expect((await req('GET', '/api/auth/user', { sid })).status).toBe(401);
      const left = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(sid)));
      expect(left).toHaveLength(0);
      expect(user.id).toBeGreaterThan(0);
    } finally {
      t.clock.advance(-(30 * 24 * 60 * MINUTE + 1000));
    }
  });

  it('makes an ADMIN_EMAILS address an admin only after its confirmation link is used, with the password, in one browser', async () => {
    const ip = freshIp();
    expect((await req('POST', '/api/auth/register', { ip, body: registerBody(ADMIN) })).status).toBe(201);
    // Registering the owner's address proves nothing: still a customer, and a link is emailed.
    const before = await req('POST', '/api/auth/login', { ip, body: { email: ADMIN, password: PASSWORD } });
    expect(before.body.user.role).toBe('customer');
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'owner_confirm_email'));
    expect(mail.toAddress.toLowerCase()).toBe(ADMIN);
    const link = /http:\/\/localhost:5000(\/api\/auth\/confirm-email\?token=[\w-]+)/.exec(await sentText(t.app, mail.id))?.[1];
    expect(link).toBeTruthy();

    const wrong = await req('GET', '/api/auth/confirm-email?token=not-the-token', { ip });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe('/login?emailConfirmed=0');
    expect(emailProofCookieOf(wrong)).toBeUndefined();
    const opened = await req('GET', link!, { ip });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/login?emailConfirmed=1');
    const proof = emailProofCookieOf(opened);
    expect(proof).toMatch(/^email_proof=[\w-]{40,}$/);
    expect(String(opened.headers['set-cookie'])).toMatch(/HttpOnly/);

    // Opening the link is not enough: whoever opened it must also sign in with the password, in that
    // browser. Otherwise the real owner, opening a link about an account someone else registered
    // with their address, would make that someone's password the owner's.
    const elsewhere = await req('POST', '/api/auth/login', { ip, body: { email: ADMIN, password: PASSWORD } });
    expect(elsewhere.body.user.role).toBe('customer');
    const wrongPassword = await req('POST', '/api/auth/login', { ip, body: { email: ADMIN, password: 'not-the-password' }, headers: { cookie: proof! } });
    expect(wrongPassword.status).toBe(401);
    const [unproven] = await t.db.select().from(users).where(sql`lower(${users.email}) = ${ADMIN}`);
    expect(unproven.emailVerifiedAt).toBeNull();

    const finished = await req('POST', '/api/auth/login', { ip, body: { email: ADMIN, password: PASSWORD }, headers: { cookie: proof! } });
    expect(finished.body.user.role).toBe('admin');
    // The cookie is spent, and so is the link.
    expect(String(finished.headers['set-cookie'])).toMatch(/email_proof=;/);
    expect((await req('GET', link!, { ip })).headers.location).toBe('/login?emailConfirmed=0');

    const after = await req('POST', '/api/auth/login', { ip, body: { email: ADMIN, password: PASSWORD } });
    expect(after.body.user.role).toBe('admin');
    const [row] = await t.db.select().from(users).where(sql`lower(${users.email}) = ${ADMIN}`);
    expect(row.role).toBe('admin');
    expect(row.emailVerifiedAt).not.toBeNull();
    const { user } = await signUp(t.app);
    expect(user.role).toBe('customer');
  });

  it('keeps the owner an admin when other sign-ins of the address run while it is being proven', async () => {
    // Another listed owner address (this describe's app already proved ADMIN).
    const OWNER = 'other@example.com';
    const ip = freshIp();
    expect((await req('POST', '/api/auth/register', { ip, body: registerBody(OWNER) })).status).toBe(201);
    const [mail] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'owner_confirm_email'), eq(emailOutbox.toAddress, OWNER)));
    const link = /http:\/\/localhost:5000(\/api\/auth\/confirm-email\?token=[\w-]+)/.exec(await sentText(t.app, mail.id))?.[1];
    const proof = emailProofCookieOf(await req('GET', link!, { ip }));
    expect(proof).toBeTruthy();
    // The proving sign-in and, at the same moment, plain ones (another browser, another test):
    // the plain ones read the row before it is proven and, their password checks queued behind
    // the proving one's, write the role after it is.
    const proving = req('POST', '/api/auth/login', { ip, body: { email: OWNER, password: PASSWORD }, headers: { cookie: proof! } });
    const plain = Array.from({ length: 8 }, () => req('POST', '/api/auth/login', { ip: freshIp(), body: { email: OWNER, password: PASSWORD } }));
    const owner = await proving;
    expect(owner.body.user.role).toBe('admin');
    await Promise.all(plain);
    const [row] = await t.db.select().from(users).where(sql`lower(${users.email}) = ${OWNER}`);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(row.role).toBe('admin');
    expect((await req('GET', '/api/auth/user', { sid: owner.sidCookie!.value })).body.role).toBe('admin');
  });
});

describe('an owner account that existed before its address was listed', () => {
  it('gets a confirmation link at its first sign-in, and becomes admin after using it', async () => {
    const late = createClock('2026-06-01T17:00:00Z');
    const app = await createTestApp({ clock: late, env: { ADMIN_EMAILS: 'late-owner@example.com' } });
    try {
      // Registered while the address was not on the list: no link was sent then.
      await app.db.insert(users).values({ email: 'late-owner@example.com', fullName: 'Late Owner', passwordHash: await hashPassword(PASSWORD) });
      const signIn = () => call(app.app, 'POST', '/api/auth/login', { ip: freshIp(), body: { email: 'late-owner@example.com', password: PASSWORD } });
      // Each confirmation email is sent when first seen, as its job would; its link read from the sent text.
      const texts = new Map<number, string>();
      const links = async () => {
        const rows = await app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'owner_confirm_email'));
        for (const m of rows) if (!texts.has(m.id)) texts.set(m.id, await sentText(app.app, m.id));
        return rows.map((m) => /(\/api\/auth\/confirm-email\?token=[\w-]+)/.exec(texts.get(m.id)!)?.[1]);
      };

      expect((await signIn()).body.user.role).toBe('customer');
      expect(await links()).toHaveLength(1);
      // While that link is pending, signing in again sends no other.
      late.advance(61 * MINUTE);
      expect((await signIn()).body.user.role).toBe('customer');
      const sent = await links();
      expect(sent).toHaveLength(1);

      const opened = await call(app.app, 'GET', sent[0]!, { ip: freshIp() });
      expect(opened.headers.location).toBe('/login?emailConfirmed=1');
      expect((await signIn()).body.user.role).toBe('customer');
      const proven = await call(app.app, 'POST', '/api/auth/login', {
        ip: freshIp(),
        body: { email: 'late-owner@example.com', password: PASSWORD },
        headers: { cookie: emailProofCookieOf(opened)! },
      });
      expect(proven.body.user.role).toBe('admin');
      expect((await signIn()).body.user.role).toBe('admin');
      expect(await links()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('throttling', () => {
  it('locks one email after 5 failures, from any address, until the window ends', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await req('POST', '/api/auth/login', { ip: freshIp(), body: { email, password: `wrong-password-${i}` } });
      expect(res.status).toBe(401);
    }
    // Even the right password is refused now, and from a new address.
    const locked = await req('POST', '/api/auth/login', { ip: freshIp(), body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 'RATE_LIMITED', message: LOCKED_MESSAGE });
    expect(locked.sidCookie).toBeUndefined();
    // Another account is not affected.
    const other = await signUp(t.app);
    expect((await req('POST', '/api/auth/login', { ip: freshIp(), body: { email: other.email, password: PASSWORD } })).status).toBe(200);

    t.clock.advance(15 * MINUTE + 1000);
    const later = await req('POST', '/api/auth/login', { ip: freshIp(), body: { email, password: PASSWORD } });
    expect(later.status).toBe(200);
  });

  it('checks at most 5 passwords for one email however many sign-ins arrive at once (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const { email } = await signUp(t.app);
    const attempts = await Promise.all(
      Array.from({ length: 19 }, (_, i) => req('POST', '/api/auth/login', { ip: freshIp(), body: { email, password: `wrong-password-${i}` } })),
    );
    const statuses = attempts.map((a) => a.status).sort();
    // A 401 is a password checked and found wrong; a 429 was refused before any check.
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(14).fill(429)]);
    for (const refused of attempts.filter((a) => a.status === 429)) {
      expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: LOCKED_MESSAGE });
    }
    expect((await req('POST', '/api/auth/login', { ip: freshIp(), body: { email, password: PASSWORD } })).status).toBe(429);
  });

  it('limits sign-in attempts per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await req('POST', '/api/auth/login', { ip, body: { email: uniqueEmail('ip'), password: PASSWORD } });
      expect(res.status).toBe(401);
    }
    const blocked = await req('POST', '/api/auth/login', { ip, body: { email: uniqueEmail('ip'), password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many requests. Please wait a moment and try again.');
    expect((await req('POST', '/api/auth/login', { ip: freshIp(), body: { email: uniqueEmail('ip'), password: PASSWORD } })).status).toBe(401);
  });

  it('limits registrations per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await req('POST', '/api/auth/register', { ip, body: registerBody(uniqueEmail('reg')) })).status).toBe(201);
    }
    const blocked = await req('POST', '/api/auth/register', { ip, body: registerBody(uniqueEmail('reg')) });
    expect(blocked.status).toBe(429);
  });
});

describe('Google sign-in', () => {
  const sub = () => String(100000000000 + Math.floor(Math.random() * 1e9));

  it('creates the account on first sign-in, then signs the same account in', async () => {
    const email = uniqueEmail('google');
    const id = sub();
    const credential = await google.sign({ sub: id, email, name: 'Gina Google' }, { now: t.clock.now() });
    const first = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { credential, email, fullName: 'Ignored Name', photoURL: null } });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email, fullName: 'Gina Google', role: 'customer', phone: null });
    expect(first.sidCookie?.httpOnly).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, first.body.user.id));
    expect(row.googleSub).toBe(id);
    expect(row.passwordHash.startsWith('scrypt$')).toBe(false);
    expect(row.lastLogin).not.toBeNull();

    const me = await req('GET', '/api/auth/user', { sid: first.sidCookie!.value });
    expect(me.body.email).toBe(email);

    const again = await req('POST', '/api/auth/google-login', { ip: freshIp(), sid: first.sidCookie!.value, body: { credential } });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.sidCookie!.value).not.toBe(first.sidCookie!.value);
    expect((await req('GET', '/api/auth/user', { sid: first.sidCookie!.value })).status).toBe(401);

    // The account has no usable password.
    for (const password of ['!google', PASSWORD]) {
      expect((await req('POST', '/api/auth/login', { ip: freshIp(), body: { email, password: password.padEnd(8, 'x') } })).status).toBe(401);
    }
  });

  it('links an existing account whose address was never proven, and takes it from whoever registered it', async () => {
    // Someone registers the address with a password of their own, and stays signed in.
    const squatter = await signUp(t.app);
    const email = squatter.email;
    // The person who owns the address signs in with Google.
    const credential = await google.sign({ sub: sub(), email: email.toUpperCase() }, { now: t.clock.now() });
    const res = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { credential, email } });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(squatter.user.id);

    // The old password is refused and the old session is over; the Google session works.
    const oldPassword = await req('POST', '/api/auth/login', { ip: freshIp(), body: { email, password: PASSWORD } });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.sidCookie).toBeUndefined();
    expect((await req('GET', '/api/auth/user', { sid: squatter.sid })).status).toBe(401);
    expect((await req('GET', '/api/auth/user', { sid: res.sidCookie!.value })).body.email).toBe(email);
    const [row] = await t.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(row.passwordHash).toBe('!google');
    expect(row.emailVerifiedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, squatter.user.id))).toHaveLength(1);
  });

  it('takes an unproven ADMIN_EMAILS account from whoever registered it: the Google user is the owner, the old password nobody', async () => {
    const ip = freshIp();
    expect((await req('POST', '/api/auth/register', { ip, body: registerBody(GOOGLE_OWNER) })).status).toBe(201);
    // The confirmation email goes out at once, as its job sends it.
    const [mail] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'owner_confirm_email'), eq(emailOutbox.toAddress, GOOGLE_OWNER)));
    const link = /(\/api\/auth\/confirm-email\?token=[\w-]+)/.exec(await sentText(t.app, mail.id))?.[1];
    expect(link).toBeTruthy();
    const squatter = await req('POST', '/api/auth/login', { ip, body: { email: GOOGLE_OWNER, password: PASSWORD } });
    expect(squatter.body.user.role).toBe('customer');

    const credential = await google.sign({ sub: sub(), email: GOOGLE_OWNER }, { now: t.clock.now() });
    const owner = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { credential } });
    expect(owner.status).toBe(200);
    expect(owner.body.user).toMatchObject({ id: squatter.body.user.id, role: 'admin' });
    expect((await req('GET', '/api/auth/user', { sid: owner.sidCookie!.value })).body.role).toBe('admin');
    expect((await req('GET', '/api/admin/bookings', { sid: owner.sidCookie!.value })).status).toBe(200);

    // The session opened with the old password ended before the account became the owner's.
    expect((await req('GET', '/api/auth/user', { sid: squatter.sidCookie!.value })).status).toBe(401);
    expect((await req('GET', '/api/admin/bookings', { sid: squatter.sidCookie!.value })).status).toBe(401);
    const again = await req('POST', '/api/auth/login', { ip: freshIp(), body: { email: GOOGLE_OWNER, password: PASSWORD } });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    // The confirmation link emailed at registration cannot bring the old password back either.
    expect((await req('GET', link!, { ip })).headers.location).toBe('/login?emailConfirmed=0');
  });

  it('keeps the password and sessions of an account whose address was already proven', async () => {
    const { email, user, sid } = await signUp(t.app);
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, user.id));
    const credential = await google.sign({ sub: sub(), email }, { now: t.clock.now() });
    const res = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { credential } });
    expect(res.body.user.id).toBe(user.id);
    expect((await req('POST', '/api/auth/login', { ip: freshIp(), body: { email, password: PASSWORD } })).status).toBe(200);
    expect((await req('GET', '/api/auth/user', { sid })).status).toBe(200);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }, {}],
    ['a wrong issuer', { iss: 'https://evil.example.com' }, {}],
    ['an expired token', {}, { expiresInSec: -600 }],
    ['an unverified email', { email_verified: false }, {}],
    ['a key Google does not publish', {}, { foreignKey: true }],
  ])('refuses %s', async (_label, claims, opts) => {
    const email = uniqueEmail('refused');
    const credential = await google.sign({ sub: sub(), email, ...claims }, { now: t.clock.now(), ...opts });
    const res = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { credential, email } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Google sign-in could not be verified.');
    expect(res.sidCookie).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a body email that differs from the token', async () => {
    const victim = await signUp(t.app);
    const credential = await google.sign({ sub: sub(), email: uniqueEmail('attacker') }, { now: t.clock.now() });
    const res = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { credential, email: victim.email, fullName: 'Attacker' } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Google sign-in could not be verified.');
  });

  it('refuses garbage and a missing credential', async () => {
    const garbage = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { credential: 'not.a.jwt-at-all' } });
    expect(garbage.status).toBe(401);
    const missing = await req('POST', '/api/auth/google-login', { ip: freshIp(), body: { email: 'a@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Google sign-in did not return a credential');
  });
});

describe('configuration-dependent sign-in', () => {
  let plain: TestApp;
  let broken: TestApp;
  let verifier: Server;
  beforeAll(async () => {
    // A stand-in for Google's reCAPTCHA check: the token is the action it was made for.
    verifier = createServer((request, response) => {
      let data = '';
      request.on('data', (c) => (data += c));
      request.on('end', () => {
        const token = new URLSearchParams(data).get('response');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(token === 'bot' ? { success: false } : { success: true, score: 0.9, action: token }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as AddressInfo).port;
    plain = await createTestApp({
      clock: createClock('2026-06-01T17:00:00Z'),
      env: { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify` },
    });
    broken = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), env: { GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' } });
  });
  afterAll(async () => {
    await plain?.close();
    await broken?.close();
    await new Promise((resolve) => verifier?.close(resolve));
  });

  it('says Google sign-in is not configured', async () => {
    const res = await call(plain.app, 'POST', '/api/auth/google-login', { body: { credential: await google.sign() } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_REQUEST', message: 'Google sign-in is not configured for this site.' });
  });

  it("falls back to the spec's server error when Google's keys cannot be fetched", async () => {
    const res = await call(broken.app, 'POST', '/api/auth/google-login', { body: { credential: await google.sign() } });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Server error during Google login');
  });

  it('checks reCAPTCHA on register and login with their own actions', async () => {
    const email = uniqueEmail('captcha');
    const ip = freshIp();
    const none = await call(plain.app, 'POST', '/api/auth/register', { ip, body: registerBody(email) });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'RECAPTCHA_FAILED', message: 'reCAPTCHA verification failed. Please try again.' });
    expect((await call(plain.app, 'POST', '/api/auth/register', { ip, body: registerBody(email, { recaptchaToken: 'login' }) })).status).toBe(400);
    expect((await call(plain.app, 'POST', '/api/auth/register', { ip, body: registerBody(email, { recaptchaToken: 'register' }) })).status).toBe(201);

    expect((await call(plain.app, 'POST', '/api/auth/login', { ip, body: { email, password: PASSWORD } })).status).toBe(400);
    expect((await call(plain.app, 'POST', '/api/auth/login', { ip, body: { email, password: PASSWORD, recaptchaToken: 'bot' } })).status).toBe(400);
    expect((await call(plain.app, 'POST', '/api/auth/login', { ip, body: { email, password: PASSWORD, recaptchaToken: 'register' } })).status).toBe(400);
    const ok = await call(plain.app, 'POST', '/api/auth/login', { ip, body: { email, password: PASSWORD, recaptchaToken: 'login' } });
    expect(ok.status).toBe(200);
  });
});

describe('password hashes', () => {
  it('never appear in any response of this file', async () => {
    // Every sign-up above stored a scrypt hash; none of the replies may carry one.
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.passwordHash} like 'scrypt$%'`);
    expect(n).toBeGreaterThan(10);
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toMatch(/scrypt/i);
      expect(body).not.toMatch(/passwordHash|password_hash/i);
    }
  });
});
