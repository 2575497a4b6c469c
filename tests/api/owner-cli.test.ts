import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInLinks, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/accounts/services/tokens';
import { runOwnerCommand } from '../../src/server/owner-command';
import { UNUSABLE_PASSWORD } from '../../src/server/accounts/services/passwords';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, freshIp, PASSWORD, signUp, signUpOwner, uniqueEmail } from '../helpers/accounts';
import { createClock } from '../helpers/clock';

let t: TestApp;
const clock = createClock('2026-09-01T17:00:00.000Z');

beforeAll(async () => {
  // No ADMIN_EMAILS: the owner comes from the command line alone.
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: '' } });
});
afterAll(async () => t?.close());

/** Runs `npm run owner -- …` in-process against the test database; returns the exit code and what it printed. */
async function owner(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = 0;
  const code = await runOwnerCommand(argv, {
    config: t.config,
    now: clock.now,
    openDb: async () => {
      opened++;
      return { db: t.db, close: async () => {} };
    },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  const link = /http:\/\/localhost:5000(\/api\/auth\/sign-in-link\?token=[\w-]+)/.exec(out.join('\n'))?.[1];
  return { code, out, err, link, opened };
}

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row!;
}

function sidOf(res: { headers: Record<string, unknown> }): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  return all.map(String).find((c) => c.startsWith('sid='))?.split(';')[0]?.slice(4);
}

describe('npm run owner -- add EMAIL', () => {
  it('creates the account with no usable password, marks the owner and prints a one-time link valid 15 minutes', async () => {
    const email = uniqueEmail('new-owner');
    const r = await owner('add', email);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    const prefix = email.split('@')[0];
    expect(r.out[0]).toBe(`Created the account ${email} (${prefix}) as the owner.`);
    expect(r.out[1]).toBe(`Open this link within 15 minutes (until 2026-09-01T17:15:00.000Z) to sign in; it works once:`);
    expect(r.link).toBeTruthy();
    const row = await userRow(email);
    expect(row.fullName).toBe(prefix);
    expect(row.passwordHash).toBe(UNUSABLE_PASSWORD);
    expect(row.ownerSince?.toISOString()).toBe('2026-09-01T17:00:00.000Z');
    expect(row.emailVerifiedAt).toBeNull();
    // Only the token's SHA-256 is stored.
    const token = new URL(`http://x${r.link}`).searchParams.get('token')!;
    const links = await t.db.select().from(signInLinks).where(eq(signInLinks.userId, row.id));
    expect(links.map((l) => l.tokenHash)).toEqual([hashToken(token)]);
    expect(links[0]!.expiresAt.toISOString()).toBe('2026-09-01T17:15:00.000Z');
  });

  it('takes the full name from --name', async () => {
    const email = uniqueEmail('named');
    expect((await owner('add', email, '--name', 'Alex Rivera')).code).toBe(0);
    expect((await userRow(email)).fullName).toBe('Alex Rivera');
    const other = uniqueEmail('named2');
    expect((await owner('add', `--name=Sam Lee`, other)).code).toBe(0);
    expect((await userRow(other)).fullName).toBe('Sam Lee');
  });

  it('the link signs in as admin once (no ADMIN_EMAILS), lands on /admin and proves the address', async () => {
    const email = uniqueEmail('link-owner');
    const { link } = await owner('add', email);
    const ip = freshIp();
    const opened = await call(t.app, 'GET', link!, { ip });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/admin');
    const sid = sidOf(opened);
    expect(sid).toBeTruthy();
    const me = await call(t.app, 'GET', '/api/auth/user', { sid });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, role: 'admin' });
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid })).status).toBe(200);
    expect((await userRow(email)).emailVerifiedAt?.toISOString()).toBe('2026-09-01T17:00:00.000Z');

    const again = await call(t.app, 'GET', link!, { ip });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/login?signInLink=invalid');
    expect(sidOf(again)).toBeUndefined();
  });

  it('a link expires after 15 minutes', async () => {
    const email = uniqueEmail('late-owner');
    const { link } = await owner('add', email);
    clock.advance(15 * 60_000);
    try {
      const opened = await call(t.app, 'GET', link!, { ip: freshIp() });
      expect(opened.headers.location).toBe('/login?signInLink=invalid');
      expect(sidOf(opened)).toBeUndefined();
      expect((await userRow(email)).emailVerifiedAt).toBeNull();
    } finally {
      clock.advance(-15 * 60_000);
    }
    // One minute short of the end, a fresh link still works.
    const fresh = await owner('add', email);
    clock.advance(14 * 60_000);
    try {
      expect((await call(t.app, 'GET', fresh.link!, { ip: freshIp() })).headers.location).toBe('/admin');
    } finally {
      clock.advance(-14 * 60_000);
    }
  });

  it('a new link voids the older one', async () => {
    const email = uniqueEmail('twice');
    const first = await owner('add', email);
    const second = await owner('add', email);
    expect(second.out[0]).toBe(`${email} (${email.split('@')[0]}) is now the owner.`);
    expect((await call(t.app, 'GET', first.link!, { ip: freshIp() })).headers.location).toBe('/login?signInLink=invalid');
    expect((await call(t.app, 'GET', second.link!, { ip: freshIp() })).headers.location).toBe('/admin');
  });

  it('unknown, empty and overlong tokens go to /login with the message, never a 500', async () => {
    for (const url of ['/api/auth/sign-in-link?token=nope', '/api/auth/sign-in-link', `/api/auth/sign-in-link?token=${'a'.repeat(150)}`]) {
      const r = await call(t.app, 'GET', url, { ip: freshIp() });
      expect(r.status, url).toBe(303);
      expect(r.headers.location, url).toBe('/login?signInLink=invalid');
    }
    expect((await call(t.app, 'GET', `/api/auth/sign-in-link?token=${'a'.repeat(201)}`, { ip: freshIp() })).status).toBe(400);
  });

  it('promotes a proven customer: keeps the password and sessions; the next sign-in is admin', async () => {
    const customer = await signUp(t.app);
    // Proven through a password reset earlier, say.
    await t.db.update(users).set({ emailVerifiedAt: new Date('2026-08-01T00:00:00Z') }).where(eq(users.id, customer.user.id));
    const before = await userRow(customer.email);
    const r = await owner('add', customer.email, '--name', 'Ignored For Existing');
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe(`${customer.email} (Test Customer) is now the owner.`);
    const row = await userRow(customer.email);
    expect(row.fullName).toBe('Test Customer');
    expect(row.ownerSince?.toISOString()).toBe('2026-09-01T17:00:00.000Z');
    expect(row.passwordHash).toBe(before.passwordHash);
    const login = await call(t.app, 'POST', '/api/auth/login', { ip: freshIp(), body: { email: customer.email, password: PASSWORD } });
    expect(login.body.user.role).toBe('admin');
    // The link keeps the password and the old session too.
    expect((await call(t.app, 'GET', r.link!, { ip: freshIp() })).headers.location).toBe('/admin');
    expect((await userRow(customer.email)).passwordHash).toBe(before.passwordHash);
    expect((await call(t.app, 'GET', '/api/auth/user', { sid: customer.sid })).status).toBe(200);
  });

  it('an unproven account promoted stays a customer with its password; the link drops that password and its sessions', async () => {
    // Someone registered the owner's address before the owner did (account pre-hijacking).
    const squatter = await signUp(t.app);
    const r = await owner('add', squatter.email);
    expect(r.code).toBe(0);
    const login = await call(t.app, 'POST', '/api/auth/login', { ip: freshIp(), body: { email: squatter.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('customer');
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid: login.sidCookie!.value })).status).toBe(403);

    const opened = await call(t.app, 'GET', r.link!, { ip: freshIp() });
    expect(opened.headers.location).toBe('/admin');
    const row = await userRow(squatter.email);
    expect(row.passwordHash).toBe(UNUSABLE_PASSWORD);
    expect(row.emailVerifiedAt?.toISOString()).toBe('2026-09-01T17:00:00.000Z');
    // Every earlier session ended; only the link's remains.
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(left.map((s) => s.tokenHash)).toEqual([hashToken(sidOf(opened)!)]);
    expect((await call(t.app, 'GET', '/api/auth/user', { sid: squatter.sid })).status).toBe(401);
    const oldPassword = await call(t.app, 'POST', '/api/auth/login', { ip: freshIp(), body: { email: squatter.email, password: PASSWORD } });
    expect(oldPassword.status).toBe(401);
  });

  it('an invalid email exits 1 with a message and does not open the database', async () => {
    const r = await owner('add', 'not-an-email');
    expect(r.code).toBe(1);
    expect(r.err).toEqual(['Please enter a valid email address: "not-an-email"']);
    expect(r.opened).toBe(0);
    const short = await owner('add', uniqueEmail('x'), '--name', 'A');
    expect(short.code).toBe(1);
    expect(short.err).toEqual(['Name must be at least 2 characters: "A"']);
  });

  it('without a sub-command or address it prints the usage and exits 2', async () => {
    for (const argv of [[], ['add'], ['remove'], ['delete', 'a@example.com'], ['add', '--bogus', 'a@example.com'], ['remove', '--name', 'X Y', 'a@example.com']]) {
      const r = await owner(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err[0], argv.join(' ')).toMatch(/usage: npm run owner -- add EMAIL \[--name "FULL NAME"\] \| npm run owner -- remove EMAIL$/);
      expect(r.opened).toBe(0);
    }
  });

  it('signs the owner in while the password is locked by a stranger', async () => {
    const holder = await signUp(t.app);
    await t.db.update(users).set({ emailVerifiedAt: new Date('2026-08-01T00:00:00Z') }).where(eq(users.email, holder.email));
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'POST', '/api/auth/login', { ip: freshIp(), body: { email: holder.email, password: `wrong-password-${i}` } })).status).toBe(401);
    }
    expect((await call(t.app, 'POST', '/api/auth/login', { ip: freshIp(), body: { email: holder.email, password: PASSWORD } })).status).toBe(429);
    const { link } = await owner('add', holder.email);
    const opened = await call(t.app, 'GET', link!, { ip: freshIp() });
    expect(opened.headers.location).toBe('/admin');
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid: sidOf(opened) })).status).toBe(200);
  });
});

describe('npm run owner -- remove EMAIL', () => {
  /** An owner made with `add` and signed in through its link: its email and session token. */
  async function signedInOwner(prefix: string) {
    const email = uniqueEmail(prefix);
    const { link } = await owner('add', email, '--name', 'Former Owner');
    const sid = sidOf(await call(t.app, 'GET', link!, { ip: freshIp() }))!;
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid })).status).toBe(200);
    return { email, sid };
  }

  it('makes the owner a customer at once, sessions included, and keeps the account', async () => {
    const { email, sid } = await signedInOwner('removed');
    const spare = await owner('add', email);
    const r = await owner('remove', email.toUpperCase());
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    expect(r.out).toEqual([`${email} (Former Owner) is no longer an owner: the account and its bookings stay, as a customer's, and its open sessions lost admin with their next request.`]);

    const row = await userRow(email);
    expect(row).toMatchObject({ role: 'customer', ownerSince: null, isActive: true });
    // The session that was admin a moment ago is a customer's now.
    const me = await call(t.app, 'GET', '/api/auth/user', { sid });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, role: 'customer' });
    const admin = await call(t.app, 'GET', '/api/admin/settings', { sid });
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual({ code: 'FORBIDDEN', message: 'Only the business can do that.' });
    // A link printed before is dead too.
    expect((await call(t.app, 'GET', spare.link!, { ip: freshIp() })).headers.location).toBe('/login?signInLink=invalid');
  });

  it('says so when the account is no owner, and changes nothing', async () => {
    const customer = await signUp(t.app);
    const r = await owner('remove', customer.email);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([`${customer.email} (Test Customer) is not an owner; nothing changed.`]);
    expect((await call(t.app, 'GET', '/api/auth/user', { sid: customer.sid })).status).toBe(200);
  });

  it('an unknown or invalid address exits 1 with a message', async () => {
    const unknown = uniqueEmail('nobody');
    const r = await owner('remove', unknown);
    expect(r.code).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toEqual([`There is no account with the email ${unknown}.`]);
    const bad = await owner('remove', 'not-an-email');
    expect(bad.code).toBe(1);
    expect(bad.err).toEqual(['Please enter a valid email address: "not-an-email"']);
    expect(bad.opened).toBe(0);
  });

  it('an address ADMIN_EMAILS lists stays admin: it says so and exits 1', async () => {
    // The site restarted with the address in ADMIN_EMAILS, the command run with the same setting.
    const { email, sid } = await signedInOwner('listed');
    const listed = await createTestApp({ clock, env: { ADMIN_EMAILS: email }, database: t.database, seed: false });
    try {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOwnerCommand(['remove', email], {
        config: listed.config,
        now: clock.now,
        openDb: async () => ({ db: t.db, close: async () => {} }),
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      });
      expect(code).toBe(1);
      expect(out).toEqual([`${email} (Former Owner) is no longer an owner made with this command.`]);
      expect(err).toEqual([`ADMIN_EMAILS still lists ${email}, which keeps it admin: take it out of ADMIN_EMAILS and restart the site; its sessions lose admin with their next request then.`]);
      expect((await call(listed.app, 'GET', '/api/admin/settings', { sid })).status).toBe(200);
      // Without it in the list (t's configuration), the same session is a customer's at once.
      expect((await call(t.app, 'GET', '/api/admin/settings', { sid })).status).toBe(403);
    } finally {
      await listed.close();
    }
  });
});

describe('the role, read at each request', () => {
  it('an address taken out of ADMIN_EMAILS loses admin at its next request, not its next sign-in', async () => {
    const email = uniqueEmail('was-listed');
    const listed = await createTestApp({ clock, env: { ADMIN_EMAILS: email }, database: t.database, seed: false });
    let sid: string;
    try {
      sid = (await signUpOwner(listed, email)).sid;
      expect((await call(listed.app, 'GET', '/api/admin/settings', { sid })).status).toBe(200);
    } finally {
      await listed.close();
    }
    // The site restarted without it (t has no ADMIN_EMAILS); the session is 30 days old at most.
    const me = await call(t.app, 'GET', '/api/auth/user', { sid });
    expect(me.body).toMatchObject({ email, role: 'customer' });
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid })).status).toBe(403);
  });
});
