import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer } from '../helpers/server-process';
import {
  FAULT_ENV,
  MailSink,
  bookingPayload,
  builtMainJs,
  connectAppDatabase,
  contactPayload,
  deliveryProblems,
  outboxRows,
  payDemoDeposit,
  pickStarts,
  makeDataDir,
  removeDataDir,
  runTag,
  send,
  tally,
  waitFor,
} from './support';

/**
 * The mail server refuses (4xx and 5xx) for a while, then accepts: the outbox worker retries
 * with backoff and every email arrives exactly once once the server recovers.
 */

const MESSAGES = 6;
const PAID_BOOKINGS = 2;
/** The worker polls every 5 s; a margin past one more poll shows nothing is sent again. */
const ONE_MORE_POLL_MS = 6_000;


let dataDir: string | undefined;
let db: pg.Client | undefined;
const sink = new MailSink();
afterAll(async () => {
  await db?.end();
  killAllServers();
  await sink.stop();
  if (dataDir) removeDataDir(dataDir);
});

describe('the mail server refusing, then accepting', () => {
  it('delivers every email exactly once after the mail server recovers', async () => {
    const mainJs = await builtMainJs();
    dataDir = makeDataDir('mail');
    await sink.start();
    sink.refusing = true;
    const server = await startServer({
      mainJs,
      dataDir,
      env: { ...FAULT_ENV, SMTP_URL: sink.url, OUTBOX_BACKOFF_SCALE: '0.01', BUSINESS_EMAIL: 'owner@faults.test' },
    });
    db = await connectAppDatabase(dataDir);

    // Two emails per message (to the business, acknowledgement) and per paid booking (confirmation, to the business).
    for (let i = 0; i < MESSAGES; i++) {
      const res = await send(server.url, 'POST', '/api/contact', contactPayload(runTag()));
      expect(res.kind === 'response' && res.status, tally([res])).toBe(201);
    }
    for (const start of await pickStarts(server.url, PAID_BOOKINGS)) {
      const booked = await send(server.url, 'POST', '/api/bookings', bookingPayload(start, runTag()));
      expect(booked.kind === 'response' && booked.status, tally([booked])).toBe(201);
      await payDemoDeposit(server.url, booked);
    }
    const expected = 2 * (MESSAGES + PAID_BOOKINGS);
    expect((await outboxRows(db)).length).toBe(expected);

    // Refused until every email has been tried and refused at least once.
    await waitFor('every email refused once', async () => (await outboxRows(db!)).every((r) => r.attempts >= 1 && r.last_error !== null), 30_000, 250).catch(async (err: Error) => {
      throw new Error(`${err.message}; ${sink.refusals} refusals; outbox ${JSON.stringify(await outboxRows(db!))}\n${server.output().slice(-3000)}`);
    });
    expect(sink.deliveries).toEqual([]);
    expect(sink.refusals).toBeGreaterThanOrEqual(expected);
    const refusedAt = Date.now();
    sink.refusing = false;

    await waitFor('every email sent', async () => (await outboxRows(db!)).every((r) => r.status === 'sent'), 30_000, 250).catch(async (err: Error) => {
      throw new Error(`${err.message}:\n${deliveryProblems(await outboxRows(db!), sink.deliveries).join('\n')}`);
    });
    console.info(`mail: ${sink.refusals} refusals (451 and 554), all ${expected} emails sent ${Date.now() - refusedAt} ms after the server recovered`);
    await sleep(ONE_MORE_POLL_MS);
    const rows = await outboxRows(db);
    expect(rows.filter((r) => r.status !== 'sent').map((r) => `#${r.id} ${r.status}`)).toEqual([]);
    expect(deliveryProblems(rows, sink.deliveries)).toEqual([]);
    expect(server.isAlive()).toBe(true);
  });
});
