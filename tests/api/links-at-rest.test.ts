import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../src/server/db/backup';
import { bookings, emailOutbox, smsOutbox } from '../../src/server/db/schema';
import { addOwner } from '../../src/server/accounts/services/owner';
import { createMailer, type Mailer } from '../../src/server/messaging/services/mailer';
import { WORKERS } from '../../src/server/workers';
import { call, freshIp, payCookieOf, PASSWORD, sessionAs, signUp } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';

// Tuesday 2026-12-01, 9:00 AM in Los Angeles (PST, UTC-8).
const clock = createClock('2026-12-01T17:00:00Z');
const OWNER_EMAIL = 'owner@westside.example';
let fake: FakeTwilio;
let t: TestApp;
/** The file mailer, or, while `mailFails` is set, a mail server that refuses every email. */
let fileMailer: Mailer;
let mailFails = false;
const mailer: Mailer = {
  target: 'test',
  async send(message) {
    if (mailFails) throw new Error('451 try again later');
    await fileMailer.send(message);
  },
  close: () => fileMailer.close(),
};

beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await createTestApp({
    clock,
    mailer,
    env: {
      ADMIN_EMAILS: OWNER_EMAIL,
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_FROM: '+13105550100',
      TWILIO_API_BASE: fake.url,
    },
  });
  fileMailer = createMailer(t.config);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const runWorker = (name: string) => WORKERS.find((w) => w.name === name)!.run(t.app);


/** A guest books Thursday at `time`, asks for texts and pays the deposit with the demo card. */
async function bookAndPay(time = '2:00 PM') {
  const created = await call(t.app, 'POST', '/api/bookings', {
    ip: freshIp(),
    body: {
      serviceType: 'tv-mounting',
      bookingDate: '2026-12-03',
      bookingTime: time,
      fullName: 'Maria Lopez',
      phone: '(310) 555-0199',
      email: 'maria@example.com',
      address: '1234 Ocean Ave, Santa Monica, CA 90401',
      smsOptIn: true,
    },
  });
  expect(created.status, created.raw).toBe(201);
  const cookie = payCookieOf(created)!;
  const intent = await call(t.app, 'POST', '/api/create-payment-intent', { ip: freshIp(), body: { bookingId: created.body.id }, headers: { cookie } });
  expect(intent.status, intent.raw).toBe(200);
  const paid = await call(t.app, 'POST', '/api/payments/demo/confirm', {
    ip: freshIp(),
    body: { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: '90401' },
  });
  expect(paid.status, paid.raw).toBe(200);
}

/** The text part of each .eml the file mailer wrote, quoted-printable soft breaks and `=3D` undone. */
function sentEmails(): string[] {
  const dir = join(t.database.dataDir, 'outbox');
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replaceAll('=3D', '='));
}

/** The app's export backup, unzipped. */
async function backupText(name: string): Promise<string> {
  const file = join(t.database.dataDir, name);
  await backupDatabase(t.database.databaseUrl, file, { method: 'export' });
  return gunzipSync(readFileSync(file)).toString('utf8');
}

/** A completed job of last month, marked completed by the owner: its review request is queued. */
async function completePastJob() {
  const [pastJob] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: '2026-11-20',
      bookingTime: '10:00 AM',
      startsAt: new Date('2026-11-20T18:00:00Z'),
      fullName: 'Jordan Avery',
      email: 'jordan@example.com',
      phone: '310-555-0100',
      address: '1450 Ocean Ave, Santa Monica, CA 90401',
      status: 'confirmed',
      depositPaid: true,
      crew: 2,
    })
    .returning();
  const admin = await sessionAs(t.db, 'admin');
  expect((await injectJson(t.app, 'POST', `/api/admin/bookings/${pastJob.id}/status`, { status: 'completed' }, { cookie: admin.cookie })).status).toBe(200);
}

/** Every token in a link (/booking/…, /review/…, ?token=…) in these texts. */
function tokensIn(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/(?:\/booking\/|\/review\/|[?&]token=)([A-Za-z0-9_-]{20,})/g)) found.add(m[1]);
  return [...found];
}

describe('links at rest', () => {
  it('a backup taken after the emails and texts went out holds none of the links they carried', async () => {
    await bookAndPay();
    // A day before the appointment: the reminder email and text, each with a new manage link.
    clock.set('2026-12-02T22:00:00Z');
    await runWorker('booking-reminders');
    // The owner's address confirmation, a password reset and a review request, all fresh.
    expect((await call(t.app, 'POST', '/api/auth/register', { ip: freshIp(), body: { fullName: 'Business Owner', email: OWNER_EMAIL, phone: '3105550100', password: PASSWORD, confirmPassword: PASSWORD } })).status).toBe(201);
    const customer = await signUp(t.app);
    expect((await call(t.app, 'POST', '/api/auth/forgot-password', { ip: freshIp(), body: { email: customer.email } })).status).toBe(200);
    await completePastJob();
    // The printed owner sign-in link.
    const signIn = await addOwner({ db: t.db, config: t.config, now: clock.now() }, { email: 'second-owner@example.com' });

    await runWorker('outbox');
    await runWorker('sms-outbox');
    expect(await t.db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'))).toEqual([]);
    expect(await t.db.select({ status: smsOutbox.status }).from(smsOutbox).where(eq(smsOutbox.status, 'pending'))).toEqual([]);

    const emails = sentEmails();
    const emailTokens = tokensIn(emails);
    const textTokens = tokensIn(fake.messages.map((m) => m.body));
    // Confirmation and reminder (manage), the address confirmation, the reset and the review.
    expect(emailTokens).toHaveLength(5);
    expect(textTokens).toHaveLength(1);
    const tokens = [...emailTokens, ...textTokens, new URL(signIn.link).searchParams.get('token')!];
    // They are live: the manage links open the booking, the review link its page.
    for (const token of [...textTokens, ...emailTokens.filter((tk) => emails.some((e) => e.includes(`/booking/${tk}`)))]) {
      expect((await call(t.app, 'GET', `/api/manage/${token}`, { ip: freshIp() })).status).toBe(200);
    }
    const reviewToken = emailTokens.find((tk) => emails.some((e) => e.includes(`/review/${tk}`)))!;
    expect((await call(t.app, 'GET', `/api/reviews/${reviewToken}`, { ip: freshIp() })).status).toBe(200);

    const file = join(t.database.dataDir, 'after-send.backup');
    await backupDatabase(t.database.databaseUrl, file, { method: 'export' });
    const backup = gunzipSync(readFileSync(file)).toString('utf8');
    expect(backup).toContain('maria@example.com');
    for (const token of tokens) expect(backup.includes(token), `token ${token} in the backup`).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('emails and texts not sent yet, or refused by the mail server, hold no link: the link is made when each goes out, and works', async () => {
    clock.set('2026-12-01T17:00:00Z');
    await t.db.delete(emailOutbox);
    await t.db.delete(smsOutbox);
    const alreadySent = new Set(sentEmails());
    await bookAndPay('11:00 AM');
    clock.set('2026-12-02T20:00:00Z');
    await runWorker('booking-reminders');
    const owner = 'another-owner@westside.example';
    t.config.adminEmails.push(owner);
    expect((await call(t.app, 'POST', '/api/auth/register', { ip: freshIp(), body: { fullName: 'Second Owner', email: owner, phone: '3105550101', password: PASSWORD, confirmPassword: PASSWORD } })).status).toBe(201);
    const customer = await signUp(t.app);
    expect((await call(t.app, 'POST', '/api/auth/forgot-password', { ip: freshIp(), body: { email: customer.email } })).status).toBe(200);
    await t.db.delete(bookings).where(eq(bookings.fullName, 'Jordan Avery'));
    await completePastJob();

    // Queued, not sent: neither the rows nor a backup hold a token.
    const queued = await t.db.select().from(emailOutbox);
    expect(queued.map((e) => e.kind).sort()).toEqual(['booking_confirmed', 'booking_new', 'booking_reminder', 'owner_confirm_email', 'password_reset', 'review_request']);
    const texts = await t.db.select().from(smsOutbox);
    expect(texts.map((m) => m.kind)).toEqual(['booking_reminder']);
    expect(tokensIn(queued.flatMap((e) => [e.textBody, e.htmlBody ?? '', JSON.stringify(e.attachments)]))).toEqual([]);
    expect(tokensIn(texts.map((m) => m.body))).toEqual([]);
    const pending = await backupText('pending.backup');
    expect(pending).toContain('maria@example.com');
    expect(tokensIn([pending])).toEqual([]);

    // The mail server and Twilio refuse them once: still no token at rest.
    mailFails = true;
    fake.failNext(1);
    await runWorker('outbox');
    await runWorker('sms-outbox');
    mailFails = false;
    const refused = await t.db.select().from(emailOutbox);
    expect(refused.map((e) => [e.status, e.attempts, e.lastError])).toEqual(queued.map(() => ['pending', 1, '451 try again later']));
    expect((await t.db.select().from(smsOutbox)).map((m) => [m.status, m.attempts])).toEqual([['pending', 1]]);
    const failed = await backupText('failed.backup');
    expect(tokensIn([failed])).toEqual([]);

    // Sent at the next try: every link in them works.
    clock.set('2026-12-02T20:05:00Z');
    await runWorker('outbox');
    await runWorker('sms-outbox');
    expect((await t.db.select().from(emailOutbox)).map((e) => e.status)).toEqual(queued.map(() => 'sent'));
    const emails = sentEmails().filter((e) => !alreadySent.has(e));
    const emailTokens = tokensIn(emails);
    const textTokens = tokensIn(fake.messages.slice(-1).map((m) => m.body));
    expect(emailTokens).toHaveLength(5);
    expect(textTokens).toHaveLength(1);
    const linkOf = (path: string) => emailTokens.find((tk) => emails.some((e) => e.includes(`${path}${tk}`)))!;
    for (const token of [...textTokens, ...emailTokens.filter((tk) => emails.some((e) => e.includes(`/booking/${tk}`)))]) {
      const opened = await call(t.app, 'GET', `/api/manage/${token}`, { ip: freshIp() });
      expect(opened.status).toBe(200);
      expect(opened.body.bookingTime).toBe('11:00 AM');
    }
    expect((await call(t.app, 'GET', `/api/reviews/${linkOf('/review/')}`, { ip: freshIp() })).status).toBe(200);
    const confirmed = await call(t.app, 'GET', `/api/auth/confirm-email?token=${linkOf('/api/auth/confirm-email?token=')}`, { ip: freshIp() });
    expect(confirmed.headers.location).toBe('/login?emailConfirmed=1');
    const password = 'a brand new passphrase 42';
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', { ip: freshIp(), body: { token: linkOf('/reset-password?token='), password, confirmPassword: password } });
    expect(reset.status, reset.raw).toBe(200);
  });
});
