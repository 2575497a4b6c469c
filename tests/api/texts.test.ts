import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { bookings, emailOutbox, smsOutbox } from '../../src/server/db/schema';
import { SMS_MAX_ATTEMPTS } from '../../src/server/messaging/services/sms-outbox-worker';
import { WORKERS } from '../../src/server/workers';
import {call, freshIp, payCookieOf, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';

// Tuesday 2026-12-01, 9:00 AM in Los Angeles (PST, UTC-8).
const START = '2026-12-01T17:00:00Z';
const FROM = '+13105550100';
const clock = createClock(START);
let fake: FakeTwilio;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await createTestApp({
    clock,
    env: { TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: FROM, TWILIO_API_BASE: fake.url },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  clock.set(START);
  fake.reset();
});

/** Runs one of the app's background jobs once, as the worker timer would. */
const runWorker = (app: TestApp['app'], name: string) => WORKERS.find((w) => w.name === name)!.run(app);

const signIn = async (app: TestApp, role: 'admin' | 'customer') => (await sessionAs(app.db, role)).cookie;

/** A booking on `date` at `time` (PST wall clock, December 2026), written directly; each on its own crew, so none overlap. */
let crewSeq = 0;
async function makeBooking(app: TestApp, date: string, time: string, values: Partial<typeof bookings.$inferInsert> = {}) {
  const [hm, ampm] = time.split(' ');
  const [h, m] = hm.split(':').map(Number);
  const hour = (h % 12) + (ampm === 'PM' ? 12 : 0);
  const [y, mo, d] = date.split('-').map(Number);
  const [row] = await app.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: time,
      startsAt: new Date(Date.UTC(y, mo - 1, d, hour + 8, m)),
      fullName: 'Pat Rivera',
      email: 'pat@example.com',
      phone: '(310) 555-0177',
      address: '55 Rose Ave, Venice, CA 90291',
      status: 'confirmed',
      depositPaid: true,
      durationMinutes: 90,
      smsOptIn: true,
      crew: ++crewSeq,
      ...values,
    })
    .returning();
  return row;
}

/** Books through the API as a visitor and pays the deposit with the demo card. */
let emailSeq = 0;
async function bookAndPay(app: TestApp, date: string, time: string, extra: Record<string, unknown>) {
  emailSeq += 1;
  const body = {
    serviceType: 'tv-mounting',
    bookingDate: date,
    bookingTime: time,
    fullName: 'Maria Lopez',
    phone: '(310) 555-0199',
    email: `texts${emailSeq}@example.com`,
    address: '1234 Ocean Ave, Santa Monica, CA',
    depositAmount: 50,
    totalAmount: 50,
    ...extra,
  };
  const created = await call(app.app, 'POST', '/api/bookings', { body, ip: freshIp() });
  expect(created.status).toBe(201);
  const cookie = payCookieOf(created)!;
  const intent = await call(app.app, 'POST', '/api/create-payment-intent', { body: { bookingId: created.body.id }, ip: freshIp(), headers: { cookie } });
  expect(intent.status).toBe(200);
  const paid = await call(app.app, 'POST', '/api/payments/demo/confirm', {
    ip: freshIp(),
    body: { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: '90401' },
  });
  expect(paid.status).toBe(200);
  return created.body.id as number;
}

const bookingRow = async (app: TestApp, id: number) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const textsTo = (phone: string) => t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone)).orderBy(asc(smsOutbox.id));

describe('configuration', () => {
  const SID = `AC${'a'.repeat(32)}`;
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('refuses a partial Twilio setup, naming each missing variable', () => {
    const missing = 'is required: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together, or none of them';
    expect(problemsOf({ TWILIO_ACCOUNT_SID: SID })).toEqual([`TWILIO_AUTH_TOKEN ${missing}`, `TWILIO_FROM ${missing}`]);
    expect(problemsOf({ TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: FROM })).toEqual([`TWILIO_ACCOUNT_SID ${missing}`]);
    expect(problemsOf({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '310-555-0100' })).toEqual([
      'TWILIO_FROM must be a phone number in E.164 form such as +13105550100',
    ]);
    expect(problemsOf({ TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: FROM })).toEqual([
      'TWILIO_ACCOUNT_SID must be an account SID: AC followed by 32 letters and digits',
    ]);
  });

  it('turns texts on with all three set and off with none (blank counts as unset)', () => {
    expect(loadConfig({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: FROM }).twilio).toEqual({ accountSid: SID, authToken: 'token', from: FROM, apiBase: undefined });
    expect(loadConfig({}).twilio).toBeNull();
    expect(loadConfig({ TWILIO_ACCOUNT_SID: ' ', TWILIO_AUTH_TOKEN: '', TWILIO_FROM: '' }).twilio).toBeNull();
  });

  it('tells the browser texts are on, and no secret', async () => {
    const res = await call(t.app, 'GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body.texts).toEqual({ enabled: true });
    expect(res.raw).not.toContain(fake.authToken);
    expect(res.raw).not.toContain(fake.accountSid);
  });
});

describe('the 24-hour reminder as a text', () => {
  it('goes once, through the Twilio API, only to customers who asked for texts and have a US number', async () => {
    const optedIn = await bookAndPay(t, '2026-12-03', '2:00 PM', { smsOptIn: true, phone: '(310) 555-0199' });
    const notOptedIn = await bookAndPay(t, '2026-12-03', '9:00 AM', { phone: '(310) 555-0188' });
    const abroad = await bookAndPay(t, '2026-12-03', '11:00 AM', { smsOptIn: true, phone: '+44 20 7946 0958' });
    expect((await bookingRow(t, optedIn)).smsOptIn).toBe(true);
    expect((await bookingRow(t, notOptedIn)).smsOptIn).toBe(false);
    expect((await bookingRow(t, abroad)).smsOptIn).toBe(true);

    // 2:00 PM PST on Thursday Dec 3 is 22:00Z; a day before, all three are due.
    clock.set('2026-12-02T22:00:00Z');
    await runWorker(t.app, 'booking-reminders');
    await runWorker(t.app, 'booking-reminders');
    const reminderEmails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'booking_reminder'));
    expect(reminderEmails.map((e) => e.toAddress).sort()).toEqual(expect.arrayContaining(['texts1@example.com', 'texts2@example.com', 'texts3@example.com']));

    const queued = await t.db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'booking_reminder'));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ toPhone: '+13105550199', status: 'pending', attempts: 0 });

    await runWorker(t.app, 'sms-outbox');
    await runWorker(t.app, 'sms-outbox');
    await runWorker(t.app, 'booking-reminders');
    await runWorker(t.app, 'sms-outbox');

    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({
      to: '+13105550199',
      from: FROM,
      body: expect.stringMatching(
        /^Westside Assembly Pros: reminder of your TV Mounting on Thu, Dec 3 at 2:00 PM, 1234 Ocean Ave, Santa Monica, CA\. Change or cancel: http:\/\/localhost:5000\/booking\/[\w-]{43} Questions\? Call \(310\) 555-0142\. Reply STOP to stop texts\.$/,
      ),
    });
    expect(fake.requests[0].user).toBe(fake.accountSid);
    const [sent] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.id, queued[0].id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, providerId: fake.messages[0].sid, lastError: null });
    expect(sent.sentAt?.toISOString()).toBe('2026-12-02T22:00:00.000Z');
  });
});

describe('"On my way"', () => {
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    admin = await signIn(t, 'admin');
    customer = await signIn(t, 'customer');
  });
  const onMyWay = (id: number | string, cookie = admin) => call(t.app, 'POST', `/api/admin/bookings/${id}/on-my-way`, { headers: { cookie } });

  it("is offered on today's agenda for jobs whose customer asked for texts", async () => {
    const today = await makeBooking(t, '2026-12-01', '1:00 PM', { phone: '(310) 555-0101' });
    const noTexts = await makeBooking(t, '2026-12-01', '3:00 PM', { smsOptIn: false, phone: '(310) 555-0102' });
    const tomorrow = await makeBooking(t, '2026-12-02', '1:00 PM', { phone: '(310) 555-0103' });
    const agenda = await call(t.app, 'GET', '/api/admin/agenda?from=2026-12-01&days=2', { headers: { cookie: admin } });
    expect(agenda.status).toBe(200);
    const offered = Object.fromEntries(agenda.body.days.flatMap((d: { jobs: { id: number; canSendOnMyWay: boolean }[] }) => d.jobs.map((j) => [j.id, j.canSendOnMyWay])));
    expect([offered[today.id], offered[noTexts.id], offered[tomorrow.id]]).toEqual([true, false, false]);
  });

  it('texts the customer once, refuses a second within 10 minutes, and allows one after', async () => {
    const job = await makeBooking(t, '2026-12-01', '11:00 AM', { phone: '310.555.0111', fullName: 'Sam Lee' });
    const first = await onMyWay(job.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: "Sam Lee will get a text that you're on your way." });

    clock.advance(4 * 60_000 + 30_000);
    const again = await onMyWay(job.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'CONFLICT', message: '"On my way" was already texted to Sam Lee at 9:00 AM. You can send it again from 9:10 AM.' });

    await runWorker(t.app, 'sms-outbox');
    expect(fake.messages.map((m) => [m.to, m.body])).toEqual([['+13105550111', "Westside Assembly Pros: we're on our way to 55 Rose Ave, Venice, CA 90291. See you soon!"]]);

    clock.set('2026-12-01T17:10:00Z');
    expect((await onMyWay(job.id)).status).toBe(200);
    await runWorker(t.app, 'sms-outbox');
    expect(fake.messages).toHaveLength(2);
    expect(await textsTo('+13105550111')).toHaveLength(2);
  });

  it('is refused for customers who did not ask for texts, other days, finished jobs and unknown bookings', async () => {
    const noTexts = await makeBooking(t, '2026-12-01', '4:00 PM', { smsOptIn: false, fullName: 'Kim No', phone: '(310) 555-0121' });
    const tomorrow = await makeBooking(t, '2026-12-02', '4:00 PM', { phone: '(310) 555-0122' });
    const done = await makeBooking(t, '2026-12-01', '8:00 AM', { status: 'completed', phone: '(310) 555-0123' });
    const abroad = await makeBooking(t, '2026-12-01', '5:00 PM', { phone: '+44 20 7946 0958' });
    expect(await onMyWay(noTexts.id)).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'Kim No did not ask for text messages when booking.' } });
    expect(await onMyWay(tomorrow.id)).toMatchObject({ status: 409, body: { message: '"On my way" can only be sent on the day of the job.' } });
    expect(await onMyWay(done.id)).toMatchObject({ status: 409, body: { message: '"On my way" is only for confirmed jobs; this booking is completed.' } });
    expect(await onMyWay(abroad.id)).toMatchObject({ status: 409, body: { message: '+44 20 7946 0958 is not a US phone number we can text.' } });
    // +1 is not the US: Jamaica and the other Caribbean members of the plan; nor is a premium-rate 900 number textable.
    for (const phone of ['+1 876 555 1234', '(809) 555-1234', '+1 900 555 1234']) {
      const job = await makeBooking(t, '2026-12-01', '5:00 PM', { phone });
      expect(await onMyWay(job.id)).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: `${phone} is not a US phone number we can text.` } });
    }
    expect(await onMyWay(999_999)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Booking not found.' } });
    expect(await onMyWay('abc')).toMatchObject({ status: 400 });
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'on_my_way'))).toHaveLength(2);
  });

  it('needs an admin: 401 signed out, 403 for a customer', async () => {
    const job = await makeBooking(t, '2026-12-01', '6:00 PM', { phone: '(310) 555-0131' });
    expect(await call(t.app, 'POST', `/api/admin/bookings/${job.id}/on-my-way`)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await onMyWay(job.id, customer)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await textsTo('+13105550131')).toHaveLength(0);
  });
});

describe('the text outbox', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(t, 'admin');
  });
  const queueOnMyWay = async (phone: string) => {
    const job = await makeBooking(t, '2026-12-01', '7:00 PM', { phone });
    expect((await call(t.app, 'POST', `/api/admin/bookings/${job.id}/on-my-way`, { headers: { cookie: admin } })).status).toBe(200);
    return (await t.db.select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, `on-my-way-${job.id}-${clock.now().getTime()}`)))[0];
  };
  const textRow = async (id: number) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0];

  it('retries a failed send after a backoff and then sends it once', async () => {
    const text = await queueOnMyWay('(310) 555-0141');
    fake.failNext(1);
    await runWorker(t.app, 'sms-outbox');
    expect(fake.messages).toHaveLength(0);
    const failed = await textRow(text.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Service unavailable', providerId: null });
    expect(failed.nextAttemptAt.toISOString()).toBe('2026-12-01T17:00:30.000Z');

    // Not due yet: nothing goes out.
    await runWorker(t.app, 'sms-outbox');
    expect(fake.requests).toHaveLength(1);

    clock.advance(30_000);
    await runWorker(t.app, 'sms-outbox');
    await runWorker(t.app, 'sms-outbox');
    expect(fake.messages.map((m) => m.to)).toEqual(['+13105550141']);
    expect(await textRow(text.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null, providerId: fake.messages[0].sid });
  });

  it(`gives up after ${SMS_MAX_ATTEMPTS} tries, and at once when Twilio refuses the message`, async () => {
    const flaky = await queueOnMyWay('(310) 555-0151');
    fake.failNext(SMS_MAX_ATTEMPTS);
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await runWorker(t.app, 'sms-outbox');
      clock.advance(2 * 3_600_000);
    }
    expect(await textRow(flaky.id)).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS, lastError: 'Service unavailable' });
    await runWorker(t.app, 'sms-outbox');
    expect(fake.requests).toHaveLength(SMS_MAX_ATTEMPTS);

    clock.set(START);
    const refused = await queueOnMyWay('(310) 555-0152');
    fake.failNext(1, { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    await runWorker(t.app, 'sms-outbox');
    expect(await textRow(refused.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Attempt to send to unsubscribed recipient' });
    expect(fake.messages).toHaveLength(0);
  });
});

describe('without Twilio', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ clock });
  });
  afterAll(async () => off?.close());

  it('offers no opt-in, keeps none, queues and sends no text, and refuses "On my way"', async () => {
    const config = await call(off.app, 'GET', '/api/config');
    expect(config.body.texts).toEqual({ enabled: false });

    const id = await bookAndPay(off, '2026-12-03', '2:00 PM', { smsOptIn: true });
    expect((await bookingRow(off, id)).smsOptIn).toBe(false);
    // Even a booking that somehow carries the opt-in gets no text.
    const today = await makeBooking(off, '2026-12-01', '1:00 PM');
    await makeBooking(off, '2026-12-02', '3:00 PM', { reminderSentAt: null });

    clock.set('2026-12-02T22:00:00Z');
    await runWorker(off.app, 'booking-reminders');
    await runWorker(off.app, 'sms-outbox');
    expect((await off.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'booking_reminder'))).length).toBeGreaterThanOrEqual(2);

    clock.set(START);
    const admin = await signIn(off, 'admin');
    const agenda = await call(off.app, 'GET', '/api/admin/agenda?from=2026-12-01', { headers: { cookie: admin } });
    expect(agenda.body.days[0].jobs.find((j: { id: number }) => j.id === today.id).canSendOnMyWay).toBe(false);
    const res = await call(off.app, 'POST', `/api/admin/bookings/${today.id}/on-my-way`, { headers: { cookie: admin } });
    expect(res).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'Text messages are not set up, so "On my way" cannot be sent.' } });

    expect(await off.db.select().from(smsOutbox)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});
