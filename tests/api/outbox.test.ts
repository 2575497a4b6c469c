import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { requeueFailedEmail } from '../../src/server/messaging/repositories/email-problems';
import { claimDueEmails, queueEmail, type OutgoingEmail } from '../../src/server/messaging/repositories/outbox';
import { createMailer, type Mailer } from '../../src/server/messaging/services/mailer';
import { retryDelayMs } from '../../src/server/jobs/backoff';
import { OUTBOX_MAX_ATTEMPTS, sendDueEmails, type OutboxDeps } from '../../src/server/messaging/services/outbox-worker';
import { createClock } from '../helpers/clock';
import { openTestDatabase, type TestDatabase } from '../helpers/database';

const FROM = 'Westside Assembly Pros <bookings@westside.test>';
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:TV Mounting\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port; `mode` decides whether it accepts mail. */
class TestSmtp {
  received: Received[] = [];
  mode: 'accept' | 'refuse-rcpt' | 'refuse-data' = 'accept';
  port = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (this.mode === 'refuse-rcpt') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (this.mode === 'refuse-data') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        const mailFrom = session.envelope.mailFrom;
        this.received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: 'booking-confirmed',
  to: 'customer@example.com',
  subject: 'Your booking is confirmed',
  text: 'See you on Friday at 9:00 AM.',
  ...overrides,
});

let database: TestDatabase;
let smtp: TestSmtp;
let dataDir: string;
// Queued rows take the database's now() as their first due time, so the worker's clock sits
// fixed, years ahead of the real date: every queued row is due, and nothing depends on today.
const START = '2090-06-01T17:00:00Z';
const clock = createClock(START);
const mailers: Mailer[] = [];

function deps(mailer: Mailer, log?: OutboxDeps['log']): OutboxDeps {
  return { db: database.db, mailer, now: clock.now, from: FROM, log };
}
function smtpMailer(port = smtp.port): Mailer {
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir });
  mailers.push(mailer);
  return mailer;
}
async function rows() {
  return database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
}

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = new TestSmtp();
  await smtp.start();
  dataDir = mkdtempSync(join(tmpdir(), 'site-outbox-'));
});
afterAll(async () => {
  mailers.forEach((m) => m.close());
  await smtp?.stop();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  smtp.received = [];
  smtp.mode = 'accept';
  clock.set(START);
});

describe('queueEmail', () => {
  it('leaves no email when the transaction that queued it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueEmail(tx, email());
        throw new Error('booking failed');
      }),
    ).rejects.toThrow('booking failed');
    expect(await rows()).toHaveLength(0);

    await database.db.transaction(async (tx) => queueEmail(tx, email()));
    expect(await rows()).toHaveLength(1);
  });

  it('queues an email once per dedupe key', async () => {
    await queueEmail(database.db, email({ dedupeKey: 'reminder:42' }));
    await queueEmail(database.db, email({ dedupeKey: 'reminder:42' }));
    await queueEmail(database.db, email({ dedupeKey: 'reminder:43' }));
    expect((await rows()).map((r) => r.dedupeKey)).toEqual(['reminder:42', 'reminder:43']);
  });
});

describe('outbox worker over SMTP', () => {
  it('delivers recipient, subject, body and attachment through a real SMTP conversation', async () => {
    await queueEmail(
      database.db,
      email({ html: '<p>See you on <strong>Friday</strong>.</p>', attachments: [{ filename: 'booking.ics', contentType: 'text/calendar', content: ICS }] }),
    );
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message.to).toEqual(['customer@example.com']);
    expect(message.from).toBe('bookings@westside.test');
    expect(message.raw).toMatch(/^Subject: Your booking is confirmed$/m);
    expect(message.raw).toMatch(/^To: customer@example\.com$/m);
    expect(message.raw).toContain('See you on Friday at 9:00 AM.');
    expect(message.raw).toContain('<strong>Friday</strong>');
    expect(message.raw).toMatch(/Content-Type: text\/calendar[^\n]*\n?[^\n]*name=booking\.ics/);
    const attachmentB64 = Buffer.from(ICS).toString('base64');
    expect(message.raw.replace(/\r?\n/g, '').includes(attachmentB64) || message.raw.includes('SUMMARY:TV Mounting')).toBe(true);

    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(row.sentAt?.getTime()).toBe(clock.now().getTime());
    // Sent is sent: a later run sends nothing again.
    clock.advance(60 * 60_000);
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it.each(['refuse-rcpt', 'refuse-data'] as const)('keeps an email the server refuses (%s) and retries it after the backoff', async (mode) => {
    smtp.mode = mode;
    await queueEmail(database.db, email());
    const mailer = smtpMailer();
    const startedAt = clock.now().getTime();
    expect(await sendDueEmails(deps(mailer))).toEqual({ sent: 0, failed: 1 });

    let [row] = await rows();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(mode === 'refuse-rcpt' ? /Mailbox unavailable/ : /Try again later/);
    expect(row.nextAttemptAt.getTime()).toBe(startedAt + retryDelayMs(1));
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(startedAt);
    expect(row.lockedUntil).toBeNull();

    // Not retried before its time, even with the server accepting again.
    smtp.mode = 'accept';
    clock.advance(retryDelayMs(1) - 1000);
    expect(await sendDueEmails(deps(mailer))).toEqual({ sent: 0, failed: 0 });
    expect((await rows())[0].attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);

    clock.advance(1000);
    expect(await sendDueEmails(deps(mailer))).toEqual({ sent: 1, failed: 0 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('does not send an email again when the database goes away just after the mail server took it', async () => {
    await queueEmail(database.db, email());
    // The database answers the claim, then fails the first write after the send, as a
    // connection dropped at that moment would.
    let failNextUpdate = false;
    const flaky = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === 'update' && failNextUpdate) {
          failNextUpdate = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const real = smtpMailer();
    const mailer: Mailer = {
      target: real.target,
      async send(message) {
        await real.send(message);
        failNextUpdate = true;
      },
      close: () => real.close(),
    };
    await expect(sendDueEmails({ ...deps(mailer), db: flaky })).rejects.toThrow('Connection terminated');
    expect(smtp.received).toHaveLength(1);

    // Not recorded as a failed send (which would retry it): still leased, no error, no retry time.
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: null });
    expect(row.lockedUntil).not.toBeNull();
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    [row] = await rows();
    expect(row.status).toBe('pending');
  });

  it('keeps an email when the mail server cannot be reached', async () => {
    await queueEmail(database.db, email());
    expect(await sendDueEmails(deps(smtpMailer(await closedPort())))).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it(`gives up after ${OUTBOX_MAX_ATTEMPTS} attempts and marks the email failed`, async () => {
    await queueEmail(database.db, email());
    const mailer = smtpMailer(await closedPort());
    const logged: string[] = [];
    // Methods that need their `this`, like pino's.
    const log = {
      logged,
      warn(_o: object, msg: string) {
        this.logged.push(`warn ${msg}`);
      },
      error(_o: object, msg: string) {
        this.logged.push(`error ${msg}`);
      },
    };
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      expect(await sendDueEmails(deps(mailer, log))).toEqual({ sent: 0, failed: 1 });
      const [row] = await rows();
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < OUTBOX_MAX_ATTEMPTS ? 'pending' : 'failed');
      clock.advance(retryDelayMs(attempt));
    }
    clock.advance(24 * 60 * 60_000);
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 0, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null });
    expect(row.lastError).toBeTruthy();
    expect(logged.filter((l) => l.startsWith('warn'))).toHaveLength(OUTBOX_MAX_ATTEMPTS - 1);
    expect(logged.filter((l) => l.startsWith('error'))).toHaveLength(1);
  });

  it('sends each email exactly once when two workers run at once (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const subjects = Array.from({ length: 12 }, (_, i) => `Message ${i + 1}`);
    for (const subject of subjects) await queueEmail(database.db, email({ subject }));
    const a = deps(smtpMailer());
    const b = deps(smtpMailer());
    let total = 0;
    for (let round = 0; round < 10; round++) {
      const [ra, rb] = await Promise.all([sendDueEmails(a, 4), sendDueEmails(b, 4)]);
      total += ra.sent + rb.sent;
      if (ra.sent + rb.sent === 0) break;
    }
    expect(total).toBe(subjects.length);
    const got = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).sort();
    expect(got).toEqual([...subjects].sort());
    const all = await rows();
    expect(all).toHaveLength(subjects.length);
    expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('leaves an email claimed by a worker that died until its lease runs out', async () => {
    await queueEmail(database.db, email());
    const claimed = await claimDueEmails(database.db, clock.now(), 10, 2 * 60_000);
    expect(claimed).toHaveLength(1);
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 0, failed: 0 });
    clock.advance(2 * 60_000 + 1);
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('bodies at rest', () => {
  const LINK = 'http://localhost:5000/booking/q3Z8k1xV0bTn4YpLw9sHc2RfGj7mNa5eUd6iKo1rBtE';
  const withLink = () =>
    email({
      text: `Change or cancel: ${LINK}`,
      html: `<p><a href="${LINK}">Manage your booking</a></p>`,
      attachments: [{ filename: 'booking.ics', contentType: 'text/calendar', content: `${ICS}URL:${LINK}\r\n` }],
    });

  it('a sent email keeps its kind, recipient and subject, and no body', async () => {
    await queueEmail(database.db, withLink());
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received[0].raw).toContain('Change or cancel:');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', kind: 'booking-confirmed', toAddress: 'customer@example.com', subject: 'Your booking is confirmed', textBody: '', htmlBody: null, attachments: [] });
    expect(JSON.stringify(row)).not.toContain('q3Z8k1xV0bTn4YpLw9sHc2RfGj7mNa5eUd6iKo1rBtE');
  });

  it('an email given up on keeps its body for the owner to retry, and loses it once the retry is sent', async () => {
    await queueEmail(database.db, withLink());
    await database.db.update(emailOutbox).set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 });
    smtp.mode = 'refuse-rcpt';
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'failed', textBody: `Change or cancel: ${LINK}` });
    expect(failed.attachments).toHaveLength(1);

    expect(await requeueFailedEmail(database.db, failed.id, clock.now())).toBe(true);
    smtp.mode = 'accept';
    expect(await sendDueEmails(deps(smtpMailer()))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received[0].raw.replace(/=\r?\n/g, '')).toContain(`Change or cancel: ${LINK}`);
    expect((await rows())[0]).toMatchObject({ status: 'sent', textBody: '', htmlBody: null, attachments: [] });
  });
});

describe('file mailer', () => {
  it('writes each email as an .eml file under DATA_DIR/outbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-eml-'));
    try {
      const mailer = createMailer({ dataDir: dir });
      expect(mailer.target).toBe(join(dir, 'outbox'));
      await queueEmail(database.db, email({ attachments: [{ filename: 'booking.ics', contentType: 'text/calendar', content: ICS }] }));
      await queueEmail(database.db, email({ subject: 'Second one' }));
      expect(await sendDueEmails(deps(mailer))).toEqual({ sent: 2, failed: 0 });
      const files = readdirSync(join(dir, 'outbox'));
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const contents = files.map((f) => readFileSync(join(dir, 'outbox', f), 'utf8'));
      expect(contents.some((c) => /^Subject: Your booking is confirmed$/m.test(c) && c.includes('booking.ics'))).toBe(true);
      expect(contents.some((c) => /^Subject: Second one$/m.test(c))).toBe(true);
      expect(contents.every((c) => /^To: customer@example\.com$/m.test(c) && /^From: .*bookings@westside\.test/m.test(c))).toBe(true);
      mailer.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('writes files only their owner reads (0600) in a folder only their owner opens (0700), even one made looser', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-eml-'));
    try {
      mkdirSync(join(dir, 'outbox'), { mode: 0o755 });
      chmodSync(join(dir, 'outbox'), 0o755);
      const mailer = createMailer({ dataDir: dir });
      await mailer.send({ from: FROM, to: 'customer@example.com', subject: 'Reset your password', text: 'http://localhost:5000/reset-password?token=abc' });
      mailer.close();
      expect(statSync(join(dir, 'outbox')).mode & 0o777).toBe(0o700);
      const files = readdirSync(join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(statSync(join(dir, 'outbox', files[0])).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('outbox table', () => {
  const countByStatus = async (status: string) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.status, status)))[0].n;

  it('leaves nothing pending once the server takes every email again', async () => {
    for (const subject of ['One', 'Two', 'Three']) await queueEmail(database.db, email({ subject }));
    smtp.mode = 'refuse-data';
    const mailer = smtpMailer();
    expect(await sendDueEmails(deps(mailer))).toEqual({ sent: 0, failed: 3 });
    expect(await countByStatus('pending')).toBe(3);

    smtp.mode = 'accept';
    clock.advance(retryDelayMs(1));
    expect(await sendDueEmails(deps(mailer))).toEqual({ sent: 3, failed: 0 });
    expect(await countByStatus('pending')).toBe(0);
    expect(await countByStatus('sent')).toBe(3);
  });
});
