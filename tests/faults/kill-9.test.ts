import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, killAllServers, startServer, systemPostgresAnswers, type ScratchDatabase, type ServerProcess } from '../helpers/server-process';
import {
  FAULT_ENV,
  bookingPayload,
  builtMainJs,
  connectEmbedded,
  contactPayload,
  embeddedLayoutIn,
  is2xx,
  isAlive,
  json,
  pickStarts,
  postmasterInfo,
  postmastersOn,
  makeDataDir,
  removeDataDir,
  runClients,
  runTag,
  send,
  tally,
  waitFor,
  type Outcome,
} from './support';

/**
 * `kill -9` in a stream of bookings and contact messages, three times in a row on one DATA_DIR.
 * Every request that got a 2xx must be in the database exactly once after the restarts; nothing
 * may be stored twice; each restart must just work (with the embedded server, the orphaned
 * PostgreSQL of the killed app is found and stopped or reused).
 */

const KILLS = 3;
const BOOKING_CLIENTS = 8;
const CONTACT_CLIENTS = 4;
const BOOKINGS_PER_ROUND = 30;

const pgUp = await systemPostgresAnswers();
if (!pgUp) console.warn('!!!!! kill -9 with DATABASE_URL SKIPPED: no PostgreSQL server answers on 127.0.0.1:5432 !!!!!');

const dirs: string[] = [];
const scratches: ScratchDatabase[] = [];
afterAll(async () => {
  killAllServers();
  // An embedded server a failed case left behind must not outlive the test.
  for (const dir of dirs) removeDataDir(dir);
  for (const s of scratches) await s.drop();
});

interface Sent {
  kind: 'booking' | 'contact';
  tag: string;
  outcome: Outcome;
}

/** Streams bookings and messages at the server and SIGKILLs it after `killAfterMs`. */
async function streamAndKill(server: ServerProcess, starts: { date: string; time: string }[], killAfterMs: number): Promise<Sent[]> {
  const sent: Sent[] = [];
  const queue = [...starts];
  let killed = false;
  let inFlight = 0;
  const track = async <T>(request: Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await request;
    } finally {
      inFlight--;
    }
  };
  const killer = (async () => {
    await sleep(killAfterMs);
    // Mid-stream means with requests on the wire: wait (briefly) for a moment when some are.
    const deadline = Date.now() + 2_000;
    while (inFlight < 2 && Date.now() < deadline) await sleep(1);
    killed = true;
    server.child.kill('SIGKILL');
  })();
  const bookings = runClients({
    clients: BOOKING_CLIENTS,
    maxRequests: starts.length,
    timeLimitMs: 15_000,
    stop: () => killed || queue.length === 0,
    step: async () => {
      const start = queue.shift();
      if (!start) return;
      const tag = runTag();
      sent.push({ kind: 'booking', tag, outcome: await track(send(server.url, 'POST', '/api/bookings', bookingPayload(start, tag))) });
    },
  });
  const messages = runClients({
    clients: CONTACT_CLIENTS,
    // Enough never to run out before the kill (a run out of requests leaves none in flight).
    maxRequests: 10_000,
    timeLimitMs: 15_000,
    stop: () => killed,
    step: async () => {
      const tag = runTag();
      sent.push({ kind: 'contact', tag, outcome: await track(send(server.url, 'POST', '/api/contact', contactPayload(tag))) });
    },
  });
  await Promise.all([bookings, messages, killer]);
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
  return sent;
}

async function checkEveryAckStoredOnce(db: pg.Client, sent: Sent[]) {
  const bookingRows = await db.query<{ id: number; email: string }>("select id, email from bookings where email like 'booking-%@faults.test'");
  const contactRows = await db.query<{ subject: string }>("select subject from contact_submissions where email like 'contact-%@faults.test'");
  const bookingsByEmail = new Map<string, number[]>();
  for (const r of bookingRows.rows) bookingsByEmail.set(r.email, [...(bookingsByEmail.get(r.email) ?? []), r.id]);
  const messagesBySubject = new Map<string, number>();
  for (const r of contactRows.rows) messagesBySubject.set(r.subject, (messagesBySubject.get(r.subject) ?? 0) + 1);

  const problems: string[] = [];
  for (const s of sent) {
    const acked = is2xx(s.outcome);
    if (s.kind === 'booking') {
      const email = bookingPayload({ date: '', time: '' }, s.tag).email;
      const ids = bookingsByEmail.get(email) ?? [];
      if (acked && ids.length !== 1) problems.push(`booking ${s.tag} answered ${tally([s.outcome])} but is stored ${ids.length} times`);
      if (acked && ids.length === 1 && ids[0] !== json<{ id: number }>(s.outcome)?.id) problems.push(`booking ${s.tag} answered id ${json<{ id: number }>(s.outcome)?.id}, stored as ${ids[0]}`);
      if (!acked && ids.length > 1) problems.push(`booking ${s.tag} (${tally([s.outcome])}) is stored ${ids.length} times`);
    } else {
      const n = messagesBySubject.get(contactPayload(s.tag).subject) ?? 0;
      if (acked && n !== 1) problems.push(`message ${s.tag} answered ${tally([s.outcome])} but is stored ${n} times`);
      if (!acked && n > 1) problems.push(`message ${s.tag} (${tally([s.outcome])}) is stored ${n} times`);
    }
  }
  // Nothing the clients did not send, nothing twice.
  expect(bookingRows.rows.length, 'booking rows vs distinct booking emails').toBe(bookingsByEmail.size);
  expect(contactRows.rows.length, 'message rows vs distinct subjects').toBe(messagesBySubject.size);
  expect(problems).toEqual([]);
}

const variants = [
  { name: 'on the embedded server (DATABASE_URL unset)', embedded: true, skip: false },
  { name: 'on a PostgreSQL server (DATABASE_URL)', embedded: false, skip: !pgUp },
];

describe.each(variants)('kill -9 in a stream of bookings and messages, $name', ({ embedded, skip }) => {
  it.skipIf(skip)(`keeps every acknowledged write exactly once through ${KILLS} kills in a row on one DATA_DIR, and restarts cleanly`, async () => {
    const mainJs = await builtMainJs();
    const dataDir = makeDataDir('kill');
    dirs.push(dataDir);
    let databaseUrl: string | undefined;
    if (!embedded) {
      const scratch = await createScratchDatabase('site_faults_kill');
      scratches.push(scratch);
      databaseUrl = scratch.url;
    }
    const start = () => startServer({ mainJs, dataDir, databaseUrl, env: FAULT_ENV, readyTimeoutMs: 30_000 });

    let server = await start();
    if (embedded) expect(embeddedLayoutIn(dataDir), `the embedded layout in ${dataDir}/postgres`).toBe(true);
    const starts = await pickStarts(server.url, KILLS * BOOKINGS_PER_ROUND);
    const sent: Sent[] = [];
    const restartTimes: number[] = [];
    for (let round = 0; round < KILLS; round++) {
      const mine = starts.slice(round * BOOKINGS_PER_ROUND, (round + 1) * BOOKINGS_PER_ROUND);
      // Somewhere in the middle of the stream, never at the same moment twice.
      const round_ = await streamAndKill(server, mine, 1_000 + Math.floor(Math.random() * 800));
      // The kill landed mid-stream: some requests were cut off without an answer.
      expect(round_.some((s) => s.outcome.kind === 'error'), `requests cut off by kill ${round + 1}`).toBe(true);
      sent.push(...round_);
      console.info(`kill ${round + 1}: ${round_.filter((s) => s.kind === 'booking').length} bookings (${tally(round_.filter((s) => s.kind === 'booking').map((s) => s.outcome))}), ${round_.filter((s) => s.kind === 'contact').length} messages (${tally(round_.filter((s) => s.kind === 'contact').map((s) => s.outcome))})`);
      const orphan = embedded ? postmasterInfo(dataDir) : null;
      const restartedAt = Date.now();
      server = await start();
      restartTimes.push(Date.now() - restartedAt);
      if (embedded) {
        // One postmaster on the data directory: the orphan was reused or stopped, never doubled.
        const running = postmastersOn(dataDir);
        expect(running, `postmasters on ${dataDir}/postgres after restart ${round + 1}`).toHaveLength(1);
        const now = postmasterInfo(dataDir);
        expect(now && isAlive(now.pid)).toBe(true);
        if (orphan && orphan.pid !== now?.pid) expect(isAlive(orphan.pid), `the orphaned postmaster ${orphan.pid} still runs`).toBe(false);
      }
    }
    console.info(`restarts after kill -9 took ${restartTimes.join(', ')} ms`);
    const acked = sent.filter((s) => is2xx(s.outcome));
    expect(acked.filter((s) => s.kind === 'booking').length, 'some bookings were acknowledged').toBeGreaterThan(KILLS);
    expect(acked.filter((s) => s.kind === 'contact').length, 'some messages were acknowledged').toBeGreaterThan(KILLS);

    const db = embedded ? await connectEmbedded(dataDir) : new pg.Client({ connectionString: databaseUrl });
    if (!embedded) await db.connect();
    try {
      await checkEveryAckStoredOnce(db, sent);
    } finally {
      await db.end();
    }

    // The last restart serves normally: a new booking on a start nobody took, then a clean exit.
    const [fresh] = await pickStarts(server.url, 1, { firstDayOffset: 60 });
    const booked = await send(server.url, 'POST', '/api/bookings', bookingPayload(fresh, runTag()));
    expect(booked.kind === 'response' && booked.status, tally([booked])).toBe(201);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    if (embedded) await waitFor('the embedded server to stop with the app', () => postmastersOn(dataDir).length === 0, 5_000);
  });
});
