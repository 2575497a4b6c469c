import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, killAllServers, startServer, systemPostgresAnswers, type ScratchDatabase } from '../helpers/server-process';
import {
  FAULT_ENV,
  MailSink,
  bookingPayload,
  builtMainJs,
  contactPayload,
  deliveryProblems,
  json,
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
 * Two app instances on one PostgreSQL database, as behind a load balancer: of 50 concurrent
 * bookings of one time split across both, exactly one wins; with both outbox workers running,
 * each email is sent once.
 */

const RACERS = 50;
const MESSAGES = 12;
const ONE_MORE_POLL_MS = 6_000;

const pgUp = await systemPostgresAnswers();
if (!pgUp) console.warn('!!!!! two app instances on one PostgreSQL SKIPPED: no PostgreSQL server answers on 127.0.0.1:5432 !!!!!');

const dirs: string[] = [];
let scratch: ScratchDatabase | undefined;
let db: pg.Client | undefined;
const sink = new MailSink();
afterAll(async () => {
  await db?.end();
  killAllServers();
  await sink.stop();
  for (const dir of dirs) removeDataDir(dir);
  await scratch?.drop();
});

describe('two app instances on one PostgreSQL database', () => {
  it.skipIf(!pgUp)(`one booking of ${RACERS} racing for one time across both; each email sent once with both workers`, async () => {
    const mainJs = await builtMainJs();
    scratch = await createScratchDatabase('site_faults_two');
    await sink.start();
    const env = { ...FAULT_ENV, SMTP_URL: sink.url, BUSINESS_EMAIL: 'owner@faults.test' };
    // Started together: the migrations run once, under the advisory lock.
    const [a, b] = await Promise.all(
      ['a', 'b'].map((name) => {
        const dataDir = makeDataDir(`two-${name}`);
        dirs.push(dataDir);
        return startServer({ mainJs, dataDir, databaseUrl: scratch!.url, env });
      }),
    );
    db = new pg.Client({ connectionString: scratch.url });
    await db.connect();

    const [start] = await pickStarts(a.url, 1);
    const racers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => send((i % 2 === 0 ? a : b).url, 'POST', '/api/bookings', bookingPayload(start, runTag()))),
    );
    const winners = racers.filter((o) => o.kind === 'response' && o.status === 201);
    const losers = racers.filter((o) => o.kind === 'response' && o.status === 409);
    console.info(`two instances, ${RACERS} bookings of ${start.date} ${start.time}: ${tally(racers)}`);
    expect(racers.filter((o) => !winners.includes(o) && !losers.includes(o)).map((o) => tally([o])), 'answers other than 201 and 409').toEqual([]);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(RACERS - 1);
    expect(losers.every((o) => json(o)?.code === 'SLOT_TAKEN')).toBe(true);
    const { rows } = await db.query("select count(*)::int as n from bookings where booking_date = $1 and booking_time = $2 and status <> 'cancelled'", [start.date, start.time]);
    expect(rows[0].n).toBe(1);

    // Emails from both instances: the paid booking's two and two per message.
    const winner = winners[0];
    await payDemoDeposit(racers.indexOf(winner) % 2 === 0 ? a.url : b.url, winner);
    for (let i = 0; i < MESSAGES; i++) {
      const res = await send((i % 2 === 0 ? a : b).url, 'POST', '/api/contact', contactPayload(runTag()));
      expect(res.kind === 'response' && res.status, tally([res])).toBe(201);
    }
    const expected = 2 + 2 * MESSAGES;
    expect((await outboxRows(db)).length).toBe(expected);
    await waitFor('every email sent', async () => (await outboxRows(db!)).every((r) => r.status === 'sent'), 30_000, 250).catch(async (err: Error) => {
      throw new Error(`${err.message}:\n${deliveryProblems(await outboxRows(db!), sink.deliveries).join('\n')}`);
    });
    await sleep(ONE_MORE_POLL_MS);
    expect(a.isAlive() && b.isAlive(), 'both instances (and their outbox workers) ran throughout').toBe(true);
    expect(deliveryProblems(await outboxRows(db), sink.deliveries)).toEqual([]);
    expect(sink.deliveries).toHaveLength(expected);
  });
});
