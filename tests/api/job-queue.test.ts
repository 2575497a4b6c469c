import { runOnce } from 'graphile-worker';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../src/server/db/pool';
import { queueEmail, type OutgoingEmail } from '../../src/server/messaging/repositories/outbox';
import { emailOutbox, smsOutbox } from '../../src/server/db/schema';
import { cronPattern, queueTasks } from '../../src/server/jobs/queue';
import { silentQueueLogger } from '../../src/server/jobs/queue-schema';
import { retryDelayMs } from '../../src/server/jobs/backoff';
import type { Mailer, MailMessage } from '../../src/server/messaging/services/mailer';
import { WORKERS } from '../../src/server/workers';
import { call, freshIp, payCookieOf } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';

// Rows queued without a time take the database's now(): the app's clock sits years ahead so
// every one is due whatever today is.
const clock = createClock('2090-06-02T17:00:00Z');
const sent: MailMessage[] = [];
let refusing = false;
const mailer: Mailer = {
  target: 'memory',
  async send(message) {
    if (refusing) throw new Error('451 Try again later');
    sent.push(message);
  },
  close() {},
};
let t: TestApp;
let fake: FakeTwilio;
let pool: pg.Pool;

beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await createTestApp({
    clock,
    mailer,
    env: fake.env(),
  });
  pool = createPool(t.database.databaseUrl);
});
afterAll(async () => {
  await pool?.end();
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from graphile_worker._private_jobs`);
  await t.db.delete(emailOutbox);
  sent.length = 0;
  refusing = false;
  clock.set('2090-06-02T17:00:00Z');
});

interface QueuedJob {
  task: string;
  payload: Record<string, unknown>;
  key: string | null;
  runAt: Date;
}
async function jobs(): Promise<QueuedJob[]> {
  const { rows } = await pool.query<QueuedJob>(
    `select t.identifier as task, j.payload, j.key, j.run_at as "runAt"
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
  );
  return rows;
}
/** Runs every due job of the queue once, as an instance's runner would. */
const runDueJobs = () => runOnce({ pgPool: pool, taskList: queueTasks(t.app), logger: silentQueueLogger });

const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: 'booking-confirmed',
  to: 'customer@example.com',
  subject: 'Your booking is confirmed',
  text: 'Manage it at http://localhost:5000/booking/q3Z8k1xV0bTn4YpLw9sHc2RfGj7mNa5eUd6iKo1rBtE',
  ...overrides,
});

describe('emails through the job queue', () => {
  it('adds a job that names the outbox row, in the transaction that queues the email, and none when it rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await queueEmail(tx, email());
        throw new Error('booking failed');
      }),
    ).rejects.toThrow('booking failed');
    expect(await jobs()).toEqual([]);

    await t.db.transaction(async (tx) => queueEmail(tx, email()));
    const [row] = await t.db.select().from(emailOutbox);
    const queued = await jobs();
    expect(queued).toEqual([{ task: 'send-email', payload: { emailId: row.id }, key: `email:${row.id}`, runAt: expect.any(Date) }]);
  });

  it('adds no second job for an email whose dedupe key was queued already', async () => {
    await queueEmail(t.db, email({ dedupeKey: 'reminder:7' }));
    await queueEmail(t.db, email({ dedupeKey: 'reminder:7' }));
    expect((await jobs()).map((j) => j.task)).toEqual(['send-email']);
  });

  it('sends the email once when its job runs, and not again when a second job for it runs', async () => {
    await queueEmail(t.db, email());
    await runDueJobs();
    expect(sent.map((m) => m.subject)).toEqual(['Your booking is confirmed']);
    expect(await jobs()).toEqual([]);
    const [row] = await t.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, textBody: '' });

    // A job for a row already sent (the sweep and a job both had it) ends without sending.
    await t.db.execute(sql`select graphile_worker.add_job('send-email', json_build_object('emailId', ${row.id}::int))`);
    await runDueJobs();
    expect(sent).toHaveLength(1);
    expect(await jobs()).toEqual([]);
  });

  it('gives a refused email a job for its retry at the outbox row’s next attempt, on the app’s clock and backoff', async () => {
    await queueEmail(t.db, email());
    refusing = true;
    await runDueJobs();
    const [row] = await t.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '451 Try again later' });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(await jobs()).toEqual([{ task: 'send-email', payload: { emailId: row.id }, key: `email:${row.id}`, runAt: row.nextAttemptAt }]);
    expect(sent).toEqual([]);
  });

  it('a job that finds its email not yet due comes back at the due time instead of sending', async () => {
    await queueEmail(t.db, email());
    const [row] = await t.db.select().from(emailOutbox);
    const later = new Date(clock.now().getTime() + 10 * 60_000);
    await t.db.update(emailOutbox).set({ nextAttemptAt: later }).where(eq(emailOutbox.id, row.id));
    await runDueJobs();
    expect(sent).toEqual([]);
    expect(await jobs()).toEqual([{ task: 'send-email', payload: { emailId: row.id }, key: `email:${row.id}`, runAt: later }]);
  });
});

describe('what the queue holds', () => {
  it('a paid booking with texts leaves jobs that name rows only: no link, token or message in any payload', async () => {
    const created = await call(t.app, 'POST', '/api/bookings', {
      ip: freshIp(),
      body: {
        serviceType: 'tv-mounting',
        bookingDate: '2090-06-07',
        bookingTime: '2:00 PM',
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
      body: { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 99', cvc: '123', postalCode: '90401' },
    });
    expect(paid.status, paid.raw).toBe(200);
    // A day before the appointment: the reminder email and text, each with a new manage link.
    clock.set('2090-06-06T22:00:00Z');
    await WORKERS.find((w) => w.name === 'booking-reminders')!.run(t.app);

    const queued = await jobs();
    const emails = await t.db.select({ id: emailOutbox.id }).from(emailOutbox);
    const texts = await t.db.select({ id: smsOutbox.id }).from(smsOutbox);
    expect(emails.length).toBeGreaterThan(0);
    expect(texts.length).toBeGreaterThan(0);
    expect(queued.map((j) => ({ task: j.task, payload: j.payload })).sort((a, b) => a.task.localeCompare(b.task))).toEqual(
      [...emails.map((e) => ({ task: 'send-email', payload: { emailId: e.id } })), ...texts.map((x) => ({ task: 'send-text', payload: { textId: x.id } }))].sort((a, b) =>
        a.task.localeCompare(b.task),
      ),
    );
  });
});

describe('timed jobs', () => {
  it('each has a crontab line for its interval and a task in the queue', () => {
    expect(Object.fromEntries(WORKERS.map((w) => [w.name, cronPattern(w.intervalMs)]))).toEqual({
      outbox: '* * * * *',
      'sms-outbox': '* * * * *',
      'booking-hold-expiry': '* * * * *',
      'payment-reconciliation': '*/2 * * * *',
      'refund-reconciliation': '*/5 * * * *',
      'expired-rows-cleanup': '0 * * * *',
      'contact-bot-check-recovery': '* * * * *',
      'booking-reminders': '*/5 * * * *',
      'invoice-reminders': '*/15 * * * *',
      'review-requests-after-jobs': '*/15 * * * *',
      'calendar-sync': '* * * * *',
    });
    const tasks = queueTasks(t.app);
    for (const w of WORKERS) expect(tasks[w.name], w.name).toBeTypeOf('function');
    expect(() => cronPattern(5_000)).toThrow('A timed job runs every whole number of minutes that divides an hour, not every 5000 ms');
  });
});
