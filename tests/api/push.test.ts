import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runOnce } from 'graphile-worker';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../src/server/db/pool';
import { invoices, pushDeliveries, pushEvents, pushSubscriptions, pushVapidKeys } from '../../src/server/db/schema';
import { queueTasks } from '../../src/server/jobs/queue';
import { silentQueueLogger } from '../../src/server/jobs/queue-schema';
import { call, sessionAs, signUp } from '../helpers/accounts';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { book, offered, payDeposit } from '../helpers/priced-jobs';
import { completedJob, payWithDemoCard, sendInvoiceAndOpen } from '../helpers/invoices';

// Tuesday 2026-12-01, 9:00 AM in Los Angeles. Jobs queued without a time take the database's
// clock, so they are due whatever today is.
const clock = createClock('2026-12-01T17:00:00Z');
let t: TestApp;
let pool: pg.Pool;
let owner: { id: number; cookie: string };

/** A push service on this machine: records each request and answers with `answer` (201 unless told). */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const answers: number[] = [];
let service: Server;
let feedWorks = true;
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Push tests//EN\r\nEND:VCALENDAR\r\n';
let serviceUrl: string;

/** A browser's subscription: a P-256 key pair and an auth secret, as PushManager.subscribe makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}
type Browser = ReturnType<typeof browserKeys>;

/** Decrypts an aes128gcm push message (RFC 8188 and 8291) as the browser would; the plaintext JSON. */
function decrypt(browser: Browser, body: Buffer): unknown {
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey, Buffer.from([1])]);
  const ikm = hmac(hmac(browser.auth, shared), info);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding.
  return JSON.parse(plain.subarray(0, plain.lastIndexOf(2)).toString('utf8'));
}

const runDueJobs = () => runOnce({ pgPool: pool, taskList: queueTasks(t.app), logger: silentQueueLogger });

let deviceSeq = 0;
async function subscribe(events: string[], browser: Browser = browserKeys()) {
  deviceSeq += 1;
  const endpoint = `${serviceUrl}/push/device-${deviceSeq}`;
  const res = await call(t.app, 'POST', '/api/admin/push-subscriptions', { body: { endpoint, keys: browser.keys, events }, headers: { cookie: owner.cookie } });
  expect(res.status, res.raw).toBe(201);
  return { endpoint, browser, path: `/push/device-${deviceSeq}` };
}

/** A booking at the first start offered on `date`, its deposit paid with the demo card. */
async function paidBooking(date: string, sid?: string) {
  const [time] = await offered(t, date, 120);
  const created = await book(t, date, time, {}, sid);
  expect(created.status, created.raw).toBe(201);
  await payDeposit(t, created);
  return { id: created.body.id as number, time };
}

/** The queue's waiting send-push jobs: when each may run. */
async function pushJobTimes(): Promise<Date[]> {
  const { rows } = await pool.query<{ runAt: Date }>(
    `select j.run_at as "runAt" from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send-push' order by j.id`,
  );
  return rows.map((r) => r.runAt);
}
/** Makes every waiting job due now, on the database's clock (a retry is timed on the app's clock). */
const makeJobsDue = () => pool.query('update graphile_worker._private_jobs set run_at = now()');

beforeAll(async () => {
  service = createServer((req, res) => {
    // The same server is a calendar feed for the owner's calendars.
    if (req.method === 'GET' && req.url === '/feed.ics') {
      res.statusCode = feedWorks ? 200 : 500;
      res.end(feedWorks ? ICS : 'down');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  t = await createTestApp({ clock, env: { PUSH_ALLOW_PRIVATE_HOSTS: 'true', ICS_ALLOW_PRIVATE_HOSTS: 'true', BUSINESS_EMAIL: 'owner@push.example' } });
  pool = createPool(t.database.databaseUrl);
  owner = await sessionAs(t.db, 'admin');
});
afterAll(async () => {
  await pool?.end();
  await t?.close();
  await new Promise((resolve) => service?.close(resolve));
});
beforeEach(async () => {
  await t.db.execute(sql`delete from graphile_worker._private_jobs`);
  await t.db.delete(pushSubscriptions);
  await t.db.delete(pushEvents);
  received.length = 0;
  answers.length = 0;
});

describe('push notifications', () => {
  it('sends one encrypted push per device that wants a paid deposit, once however often the job runs; a 410 drops the device', async () => {
    const { publicKey } = (await call(t.app, 'GET', '/api/admin/push/public-key', { headers: { cookie: owner.cookie } })).body;
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const phone = await subscribe(['booking_paid', 'booking_cancelled']);
    const tablet = await subscribe(['contact_message']);

    const { id, time } = await paidBooking('2026-12-08');
    const [event] = await t.db.select().from(pushEvents);
    expect(event).toMatchObject({ kind: 'booking_paid', status: 'pending', dedupeKey: `booking-paid:${id}` });
    await runDueJobs();

    expect(received.map((r) => r.path)).toEqual([phone.path]);
    const [push] = received;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    // The token is for this push service's origin, from the business's address.
    const claims = JSON.parse(Buffer.from(push.headers.authorization!.split(/[ .,]/)[2], 'base64url').toString());
    expect(claims).toMatchObject({ aud: serviceUrl, sub: 'mailto:owner@push.example' });
    expect(decrypt(phone.browser, push.body)).toEqual({
      title: 'Booking paid: Furniture Assembly',
      body: `Priya Patel paid the $50 deposit for Tue, Dec 8 at ${time}.`,
      url: '/admin?tab=bookings',
      tag: `booking_paid:${event.id}`,
    });
    expect(await t.db.select().from(pushDeliveries)).toEqual([expect.objectContaining({ eventId: event.id })]);
    const [done] = await t.db.select().from(pushEvents);
    expect(done).toMatchObject({ status: 'done', attempts: 1, lastError: null });

    // A second run, and a second job for the same event, send nothing more.
    await runDueJobs();
    await t.db.execute(sql`select graphile_worker.add_job('send-push', json_build_object('pushEventId', ${event.id}::int))`);
    await runDueJobs();
    expect(received).toHaveLength(1);

    // The browser unsubscribed: the push service answers 410 and the device is dropped.
    answers.push(410);
    await paidBooking('2026-12-09');
    await runDueJobs();
    expect(received.map((r) => r.path)).toEqual([phone.path, phone.path]);
    expect((await t.db.select().from(pushSubscriptions)).map((s) => s.endpoint)).toEqual([tablet.endpoint]);
  });

  it('tries a device that failed again on the backoff, and skips the devices that already had it', async () => {
    const first = await subscribe(['booking_paid']);
    const second = await subscribe(['booking_paid']);
    answers.push(201, 503);
    await paidBooking('2026-12-10');
    await runDueJobs();
    expect(received.map((r) => r.path)).toEqual([first.path, second.path]);
    expect(await t.db.select().from(pushEvents)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1, lastError: 'The push service answered 503.' })]);
    expect((await t.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id)).map((d) => d.failures)).toEqual([0, 1]);
    // The next try 30 s later on the app's clock, then only to the device that missed it.
    expect(await pushJobTimes()).toEqual([new Date(clock.now().getTime() + 30_000)]);
    await makeJobsDue();
    await runDueJobs();
    expect(received.map((r) => r.path)).toEqual([first.path, second.path, second.path]);
    const [event] = await t.db.select().from(pushEvents);
    expect(event).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    const devices = await t.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id);
    expect(devices.map((d) => d.failures)).toEqual([0, 0]);
  });

  it('gives up on a device after six tries, and stores no notice when no device wants the kind', async () => {
    await subscribe(['booking_paid']);
    answers.push(500, 500, 500, 500, 500, 500);
    await paidBooking('2026-12-11');
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      await runDueJobs();
      delays.push(...(await pushJobTimes()).map((at) => (at.getTime() - clock.now().getTime()) / 1000));
      await makeJobsDue();
    }
    expect(received).toHaveLength(6);
    // 30 s, 1, 2, 4 and 8 minutes, then no seventh try.
    expect(delays).toEqual([30, 60, 120, 240, 480]);
    const [event] = await t.db.select().from(pushEvents);
    expect(event).toMatchObject({ status: 'done', attempts: 6, lastError: 'The push service answered 500.' });
    expect((await t.db.select().from(pushSubscriptions))[0].failures).toBe(6);

    await t.db.delete(pushSubscriptions);
    await t.db.delete(pushEvents);
    await paidBooking('2026-12-14');
    expect(await t.db.select().from(pushEvents)).toEqual([]);
  });

  it('tells of a cancellation with its own words and screen', async () => {
    const device = await subscribe(['booking_cancelled']);
    const { sid } = await signUp(t.app);
    const { id, time } = await paidBooking('2026-12-15', sid);
    const cancelled = await call(t.app, 'POST', `/api/dashboard/bookings/${id}/cancel`, { sid });
    expect(cancelled.status, cancelled.raw).toBe(200);
    await runDueJobs();
    expect(received).toHaveLength(1);
    expect(decrypt(device.browser, received[0].body)).toMatchObject({ title: 'Cancelled: Furniture Assembly', body: `Priya Patel cancelled Tue, Dec 15 at ${time}.`, url: '/admin?tab=bookings' });
  });

  it('tells of a contact message, opening Messages, and only the devices that chose it', async () => {
    const messages = await subscribe(['contact_message']);
    await subscribe(['booking_paid']);
    const res = await call(t.app, 'POST', '/api/contact', {
      body: { fullName: 'Maria Lopez', email: 'maria@example.com', subject: 'Wall-mounted desk', message: 'Could you mount a fold-down desk next week?' },
    });
    expect(res.status, res.raw).toBe(201);
    await runDueJobs();
    expect(received.map((r) => r.path)).toEqual([messages.path]);
    expect(decrypt(messages.browser, received[0].body)).toMatchObject({ title: 'Message from Maria Lopez', body: 'Wall-mounted desk', url: '/admin?tab=messages' });
  });

  it('tells of an invoice paid in full, opening Numbers', async () => {
    const device = await subscribe(['invoice_paid']);
    const job = await completedJob(t, owner.cookie);
    const { token, number } = await sendInvoiceAndOpen(t, owner.cookie, job);
    const { paid } = await payWithDemoCard(t, token, 0);
    expect(paid.status, paid.raw).toBe(200);
    await runDueJobs();
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.bookingId, job.id));
    expect(invoice.status).toBe('paid');
    const total = `$${(invoice.totalCents / 100).toFixed(2).replace(/\.00$/, '')}`;
    expect(received).toHaveLength(1);
    expect(decrypt(device.browser, received[0].body)).toMatchObject({ title: `Invoice ${number} paid`, body: `Casey Morgan’s invoice of ${total} is paid in full.`, url: '/admin?tab=numbers' });
  });

  it('tells of a calendar feed that worked and stopped, once while it keeps failing', async () => {
    const device = await subscribe(['calendar_failing']);
    feedWorks = true;
    try {
      const added = await call(t.app, 'POST', '/api/admin/calendars', { body: { name: 'Family', url: `${serviceUrl}/feed.ics` }, headers: { cookie: owner.cookie } });
      expect(added.status, added.raw).toBe(201);
      expect(added.body.lastError).toBeNull();
      feedWorks = false;
      for (let i = 0; i < 2; i++) {
        const synced = await call(t.app, 'POST', `/api/admin/calendars/${added.body.id}/sync`, { headers: { cookie: owner.cookie } });
        expect(synced.body.lastError).toBe('The calendar’s server answered 500 Internal Server Error.');
        clock.advance(60_000);
      }
      await runDueJobs();
      expect(received).toHaveLength(1);
      expect(decrypt(device.browser, received[0].body)).toMatchObject({
        title: 'Calendar “Family” stopped syncing',
        body: 'The calendar’s server answered 500 Internal Server Error.',
        url: '/admin?tab=schedule',
      });
      await call(t.app, 'DELETE', `/api/admin/calendars/${added.body.id}`, { headers: { cookie: owner.cookie } });
    } finally {
      feedWorks = true;
      clock.set('2026-12-01T17:00:00Z');
    }
  });
});

describe('the owner’s devices', () => {
  const endpoint = 'https://push.example.com/send/abc';

  it('are the owner’s alone: 401 signed out, 403 for a customer', async () => {
    const customer = await sessionAs(t.db, 'customer');
    const body = { endpoint, keys: browserKeys().keys, events: ['booking_paid'] };
    for (const [method, url, payload] of [
      ['GET', '/api/admin/push/public-key', undefined],
      ['GET', '/api/admin/push-subscriptions', undefined],
      ['POST', '/api/admin/push-subscriptions', body],
      ['DELETE', '/api/admin/push-subscriptions', { endpoint }],
    ] as const) {
      expect((await call(t.app, method, url, { body: payload })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, method, url, { body: payload, headers: { cookie: customer.cookie } })).status, `${method} ${url}`).toBe(403);
    }
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('keep one VAPID key pair, made once', async () => {
    const a = await call(t.app, 'GET', '/api/admin/push/public-key', { headers: { cookie: owner.cookie } });
    const b = await call(t.app, 'GET', '/api/admin/push/public-key', { headers: { cookie: owner.cookie } });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const rows = await t.db.select().from(pushVapidKeys);
    expect(rows.map((r) => r.publicKey)).toEqual([a.body.publicKey]);
    expect(rows[0].privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are one row per endpoint: a second subscribe changes its events; delete turns it off, then 404', async () => {
    const keys = browserKeys().keys;
    const first = await call(t.app, 'POST', '/api/admin/push-subscriptions', { body: { endpoint, keys, events: ['booking_paid'] }, headers: { cookie: owner.cookie } });
    expect(first.status, first.raw).toBe(201);
    const second = await call(t.app, 'POST', '/api/admin/push-subscriptions', {
      body: { endpoint, keys, events: ['invoice_paid', 'estimate_requested', 'invoice_paid'] },
      headers: { cookie: owner.cookie },
    });
    expect(second.status).toBe(201);
    expect(second.body.subscription).toMatchObject({ endpoint, events: ['estimate_requested', 'invoice_paid'], lastSuccessAt: null });
    const listed = await call(t.app, 'GET', '/api/admin/push-subscriptions', { headers: { cookie: owner.cookie } });
    expect(listed.body.subscriptions.map((s: { events: string[] }) => s.events)).toEqual([['estimate_requested', 'invoice_paid']]);

    const off = await call(t.app, 'DELETE', '/api/admin/push-subscriptions', { body: { endpoint }, headers: { cookie: owner.cookie } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: 'Notifications are off on this device.' });
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
    const again = await call(t.app, 'DELETE', '/api/admin/push-subscriptions', { body: { endpoint }, headers: { cookie: owner.cookie } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This device has no notifications turned on.');
  });

  it('refuse bad input with 400 and a message for the field', async () => {
    const keys = browserKeys().keys;
    const cases: [unknown, string, string][] = [
      [{ endpoint, keys, events: ['booking_paid', 'lunch'] }, 'events.1', 'Choose events from: booking_paid, booking_cancelled, estimate_requested, invoice_paid, contact_message, calendar_failing'],
      [{ endpoint, keys, events: [] }, 'events', 'Choose at least one event to be told of'],
      [{ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(1) }, events: ['booking_paid'] }, 'keys.p256dh', 'keys.p256dh must be the browser’s public key: 65 bytes in base64url (87 characters starting with B)'],
      [{ endpoint, keys: { ...keys, auth: `${keys.auth}AA` }, events: ['booking_paid'] }, 'keys.auth', 'keys.auth must be the browser’s auth secret: 16 bytes in base64url (22 characters)'],
      [{ endpoint: 'not a url', keys, events: ['booking_paid'] }, 'endpoint', 'Enter the push service’s address: an https:// URL'],
      [{ endpoint: 'ftp://push.example.com/x', keys, events: ['booking_paid'] }, 'endpoint', 'Enter the push service’s address: an https:// URL'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(t.app, 'POST', '/api/admin/push-subscriptions', { body, headers: { cookie: owner.cookie } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('must be https on a public address without PUSH_ALLOW_PRIVATE_HOSTS', async () => {
    const strict = await createSecondInstance(t, { clock });
    try {
      const keys = browserKeys().keys;
      const cases: [string, string][] = [
        [`${serviceUrl}/push/x`, 'The push service’s address must start with https://.'],
        ['https://127.0.0.1/push/x', 'The push service’s address points into a private network, which the server does not send to.'],
        ['https://[::1]/push/x', 'The push service’s address points into a private network, which the server does not send to.'],
        ['https://192.168.1.20/push/x', 'The push service’s address points into a private network, which the server does not send to.'],
        ['https://localhost/push/x', 'The push service’s address points into a private network, which the server does not send to.'],
        ['https://user:pw@push.example.com/x', 'The push service’s address must not hold a user name or password.'],
      ];
      for (const [url, message] of cases) {
        const res = await call(strict.app, 'POST', '/api/admin/push-subscriptions', { body: { endpoint: url, keys, events: ['booking_paid'] }, headers: { cookie: owner.cookie } });
        expect(res.status, url).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { endpoint: message } });
      }
      const ok = await call(strict.app, 'POST', '/api/admin/push-subscriptions', {
        body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys, events: ['booking_paid'] },
        headers: { cookie: owner.cookie },
      });
      expect(ok.status, ok.raw).toBe(201);
      expect((await t.db.select().from(pushSubscriptions)).map((s) => s.userId)).toEqual([owner.id]);
    } finally {
      await strict.close();
    }
  });
});

describe('a device stored before the flag was turned off', () => {
  it('is not posted to: the send is refused with the same words, and tried again later', async () => {
    const strict = await createSecondInstance(t, { clock });
    try {
      await subscribe(['booking_paid']);
      await paidBooking('2026-12-16');
      await runOnce({ pgPool: pool, taskList: queueTasks(strict.app), logger: silentQueueLogger });
      expect(received).toEqual([]);
      const [event] = await t.db.select().from(pushEvents);
      expect(event.lastError).toBe('The push service’s address must start with https://.');
      expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.eventId, event.id))).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
