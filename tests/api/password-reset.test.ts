import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResetTokens, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/accounts/services/tokens';
import type { MailMessage } from '../../src/server/messaging/services/mailer';
import { call, freshIp, PASSWORD, signUp, uniqueEmail } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { sendEmailNow } from '../helpers/sent-mail';
import { startFakeGoogle, type FakeGoogle } from '../helpers/google-jwks';

const OWNER = 'reset-boss@westside.example';
const NEW_PASSWORD = 'brand-new-secret-7';
const SENT = { message: "If an account exists for that email, we've sent a link to reset your password." };
const INVALID = { message: 'This link has expired or was already used. Ask for a new one.', code: 'RESET_LINK_INVALID' };
const MINUTE = 60_000;
const RESETS_SPENT_MESSAGE = 'Too many reset requests for this email. A link we sent in the last 30 minutes still works; or wait 30 minutes and ask again.';
const LOCKED_MESSAGE = 'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again, or use "Forgot your password?" for a link by email.';

let t: TestApp;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), env: { ...google.env, ADMIN_EMAILS: OWNER } });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const forgot = (email: string, ip = freshIp()) => call(t.app, 'POST', '/api/auth/forgot-password', { ip, body: { email } });
const reset = (token: string, password = NEW_PASSWORD, opts: { sid?: string; confirmPassword?: string } = {}) =>
  call(t.app, 'POST', '/api/auth/reset-password', { ip: freshIp(), sid: opts.sid, body: { token, password, confirmPassword: opts.confirmPassword ?? password } });
const signIn = (email: string, password: string) => call(t.app, 'POST', '/api/auth/login', { ip: freshIp(), body: { email, password } });
const me = (sid: string) => call(t.app, 'GET', '/api/auth/user', { sid });

/** The reset emails queued for an address, newest first. */
async function resetEmails(email: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'password_reset'), sql`lower(${emailOutbox.toAddress}) = ${email.toLowerCase()}`))
    .orderBy(desc(emailOutbox.id));
}

/** What each reset email said as it went out, by outbox id. */
const sentMail = new Map<number, MailMessage>();
/** Sends the address's reset emails still queued, as their job does at once; keeps what was sent. */
async function sendQueued(email: string) {
  for (const m of await resetEmails(email)) if (m.status === 'pending') sentMail.set(m.id, await sendEmailNow(t.app, m.id));
}

/** Asks for a link and returns the token from the email it sent. */
async function requestLink(email: string): Promise<string> {
  const res = await forgot(email);
  expect(res.status).toBe(200);
  await sendQueued(email);
  const [mail] = await resetEmails(email);
  const token = /http:\/\/localhost:5000\/reset-password\?token=([\w-]+)/.exec(sentMail.get(mail?.id)?.text ?? '')?.[1];
  expect(token, 'a reset link in the newest email').toBeTruthy();
  return token!;
}

describe('forgot password', () => {
  it('answers a known and an unknown address alike, and emails only the known one', async () => {
    const { email, user } = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    const before = await t.db.select({ id: emailOutbox.id }).from(emailOutbox);

    const known = await forgot(email);
    const stranger = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(known.body).toEqual(SENT);
    expect(stranger.raw).toBe(known.raw);

    const after = await t.db.select().from(emailOutbox);
    const added = after.filter((row) => !before.some((b) => b.id === row.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'password_reset', toAddress: email, status: 'pending' });
    const sent = await sendEmailNow(t.app, added[0].id);
    const token = /http:\/\/localhost:5000\/reset-password\?token=([\w-]{43})\b/.exec(sent.text)?.[1];
    expect(token).toBeTruthy();
    expect(sent.html).toContain(token);

    // Only the token's SHA-256 is stored, valid 30 minutes.
    const stored = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashToken(token!));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * MINUTE);
  });

  it('refuses a bad email with the usual validation message', async () => {
    const res = await forgot('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { email: 'Please enter a valid email address' } });
  });

  it('limits reset emails per address, from any client address, known or not', async () => {
    const { email } = await signUp(t.app);
    const unknown = uniqueEmail('limited');
    for (let i = 0; i < 3; i++) {
      expect((await forgot(email.toUpperCase())).status).toBe(200);
      expect((await forgot(unknown)).status).toBe(200);
    }
    const limited = await forgot(email);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: RESETS_SPENT_MESSAGE });
    expect((await forgot(unknown)).raw).toBe(limited.raw);
    expect(await resetEmails(email)).toHaveLength(3);
    // Another address is not affected.
    expect((await forgot(uniqueEmail('other'))).status).toBe(200);
  });

  /** A stranger's visit: five wrong passwords (the password locks), then reset requests until refused. */
  async function strangerVisits(email: string) {
    for (let n = 0; n < 5 && (await signIn(email, `wrong-password-${n}`)).status === 401; n++);
    for (let n = 0; n < 4 && (await forgot(email)).status === 200; n++) await sendQueued(email);
  }
  /** The holder, locked out of the password and refused a new link, signs in with the newest link in the mailbox. */
  async function holderSignsInWithNewestLink(email: string, password: string, newPassword: string, when: string) {
    const locked = await signIn(email, password);
    expect(locked.status, when).toBe(429);
    expect(locked.body.message).toBe(LOCKED_MESSAGE);
    const own = await forgot(email);
    expect(own.status, when).toBe(429);
    expect(own.body).toEqual({ code: 'RATE_LIMITED', message: RESETS_SPENT_MESSAGE });
    const [newest] = await resetEmails(email);
    const token = /reset-password\?token=([\w-]+)/.exec(sentMail.get(newest?.id)?.text ?? '')?.[1] ?? '';
    const res = await reset(token, newPassword);
    expect(res.status, `${when}: ${res.raw}`).toBe(200);
    expect((await signIn(email, newPassword)).status, when).toBe(200);
  }

  it('a stranger who locks the password and spends the reset requests cannot keep the holder out: a reset starts the count again', async () => {
    const { email } = await signUp(t.app);
    const start = t.clock.now().getTime();
    try {
      let password = PASSWORD;
      for (const minute of [0, 10, 20]) {
        t.clock.set(new Date(start + minute * MINUTE));
        await strangerVisits(email);
        await holderSignsInWithNewestLink(email, password, `${NEW_PASSWORD}-${minute}`, `minute ${minute}`);
        password = `${NEW_PASSWORD}-${minute}`;
      }
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('a stranger who spends the reset requests cannot keep the holder out: the count lasts no longer than the links it sent', async () => {
    const { email } = await signUp(t.app);
    const start = t.clock.now().getTime();
    try {
      await strangerVisits(email);
      // The holder reads none of those emails; by the time they come, the links have expired and
      // the stranger has been back.
      t.clock.set(new Date(start + 31 * MINUTE));
      await strangerVisits(email);
      await holderSignsInWithNewestLink(email, PASSWORD, NEW_PASSWORD, 'minute 31');
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('limits requests per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail('ip'), ip)).status).toBe(200);
    const blocked = await forgot(uniqueEmail('ip'), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
  });
});

describe('reset password', () => {
  it('sets the new password, proves the address, ends every session and signs in', async () => {
    const { email, user, sid: first } = await signUp(t.app);
    const second = (await signIn(email, PASSWORD)).sidCookie!.value;
    const [unproven] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(unproven.emailVerifiedAt).toBeNull();

    const res = await reset(await requestLink(email), NEW_PASSWORD, { sid: first });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email, role: 'customer' });
    const fresh = res.sidCookie!;
    expect(fresh.httpOnly).toBe(true);
    expect(fresh.value).not.toBe(first);

    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await me(fresh.value)).body.id).toBe(user.id);

    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailVerifiedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('works once, and uses up the other links of the account too', async () => {
    const { email } = await signUp(t.app);
    const older = await requestLink(email);
    const link = await requestLink(email);
    expect(older).not.toBe(link);

    expect((await reset(link)).status).toBe(200);
    const twice = await reset(link, 'another-password-9');
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual(INVALID);
    expect(twice.sidCookie).toBeUndefined();
    const otherLink = await reset(older, 'another-password-9');
    expect(otherLink.status).toBe(400);
    expect(otherLink.body).toEqual(INVALID);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link after 30 minutes', async () => {
    const { email } = await signUp(t.app);
    const link = await requestLink(email);
    t.clock.advance(31 * MINUTE);
    try {
      const late = await reset(link);
      expect(late.status).toBe(400);
      expect(late.body).toEqual(INVALID);
      expect((await signIn(email, PASSWORD)).status).toBe(200);
    } finally {
      t.clock.advance(-31 * MINUTE);
    }
  });

  it('counts the 30 minutes from when the email goes out, not from the request', async () => {
    const { email } = await signUp(t.app);
    expect((await forgot(email)).status).toBe(200);
    // The mail server took 20 minutes to take it.
    t.clock.advance(20 * MINUTE);
    try {
      await sendQueued(email);
      const [mail] = await resetEmails(email);
      const token = /reset-password\?token=([\w-]+)/.exec(sentMail.get(mail.id)!.text)![1];
      const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      expect(stored.expiresAt.getTime()).toBe(t.clock.now().getTime() + 30 * MINUTE);
      t.clock.advance(29 * MINUTE);
      expect((await reset(token)).status).toBe(200);
    } finally {
      t.clock.advance(-49 * MINUTE);
    }
  });

  it('does not send a reset email still queued when the account was reset: it shows as failed, with the reason', async () => {
    const { email } = await signUp(t.app);
    const token = await requestLink(email);
    expect((await forgot(email)).status).toBe(200);
    const [queued] = await resetEmails(email);
    expect(queued.status).toBe('pending');
    expect((await reset(token)).status).toBe(200);
    await expect(sendEmailNow(t.app, queued.id)).rejects.toThrow(`email ${queued.id} was not sent (failed)`);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'Not sent: the private link it carries is no longer valid (used, expired or its record removed).' });
  });

  it('refuses an unknown token, and checks the new password as registration does', async () => {
    const unknown = await reset('x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(INVALID);

    const { email } = await signUp(t.app);
    const link = await requestLink(email);
    const short = await reset(link, 'short');
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBe('Password must be at least 8 characters');
    const mismatch = await reset(link, NEW_PASSWORD, { confirmPassword: 'something-else-1' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe("Passwords don't match");
    // Refused input does not use the link up.
    expect((await reset(link)).status).toBe(200);
  });

  it("gives a Google-only account a password", async () => {
    const email = uniqueEmail('google-only');
    const credential = await google.sign({ sub: '123456789012345', email }, { now: t.clock.now() });
    expect((await call(t.app, 'POST', '/api/auth/google-login', { ip: freshIp(), body: { credential } })).status).toBe(200);
    expect((await reset(await requestLink(email))).status).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("gives an owner address back to the person who reads its mail: admin with the new password, the first registrant's password and session gone", async () => {
    const ip = freshIp();
    const registered = await call(t.app, 'POST', '/api/auth/register', {
      ip,
      body: { fullName: 'Not The Owner', email: OWNER, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status).toBe(201);
    const squatter = await signIn(OWNER, PASSWORD);
    expect(squatter.body.user.role).toBe('customer');

    const res = await reset(await requestLink(OWNER));
    expect(res.body.user.role).toBe('admin');
    expect((await me(squatter.sidCookie!.value)).status).toBe(401);
    expect((await signIn(OWNER, PASSWORD)).status).toBe(401);
    expect((await signIn(OWNER, NEW_PASSWORD)).body.user.role).toBe('admin');
  });
});

describe('reCAPTCHA on forgot password', () => {
  let guarded: TestApp;
  let verifier: Server;
  beforeAll(async () => {
    // A stand-in for Google's reCAPTCHA check: the token is the action it was made for.
    verifier = createServer((request, response) => {
      let data = '';
      request.on('data', (c) => (data += c));
      request.on('end', () => {
        const token = new URLSearchParams(data).get('response');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success: true, score: 0.9, action: token }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as AddressInfo).port;
    guarded = await createTestApp({
      clock: createClock('2026-06-01T17:00:00Z'),
      env: { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify` },
    });
  });
  afterAll(async () => {
    await guarded?.close();
    await new Promise((resolve) => verifier?.close(resolve));
  });

  it("checks the token with the action 'forgot_password'", async () => {
    const ask = (recaptchaToken?: string) => call(guarded.app, 'POST', '/api/auth/forgot-password', { ip: freshIp(), body: { email: uniqueEmail(), recaptchaToken } });
    expect((await ask()).body.code).toBe('RECAPTCHA_FAILED');
    expect((await ask('login')).body.code).toBe('RECAPTCHA_FAILED');
    expect((await ask('forgot_password')).status).toBe(200);
  });
});
