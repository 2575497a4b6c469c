import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SYSTEM_PG_URL, createScratchDatabase, killAllServers, startServer, systemPostgresAnswers, type ScratchDatabase } from '../helpers/server-process';
import {
  FAULT_ENV,
  TcpProxy,
  builtMainJs,
  contactPayload,
  isAlive,
  json,
  pgCtlAsync,
  pickStarts,
  postmasterInfo,
  postmasterOptions,
  makeDataDir,
  removeDataDir,
  runClients,
  runTag,
  send,
  tally,
  type Outcome,
} from './support';

/**
 * The database goes away under load and comes back (DESIGN.md section 7): the app never
 * crashes, answers 503 DATABASE_UNAVAILABLE with Retry-After while it is gone (never a 500),
 * and serves normally again within 5 s of its return, without a restart.
 */

const CLIENTS = 10;
const BEFORE_MS = 1_500;
const OUTAGE_MS = 3_000;
/** Requests started this long after the database is back must all succeed. */
const RECOVERY_MS = 5_000;
const AFTER_MS = RECOVERY_MS + 2_500;

const pgUp = await systemPostgresAnswers();
if (!pgUp) console.warn('!!!!! database restart on a PostgreSQL server SKIPPED: no PostgreSQL server answers on 127.0.0.1:5432 !!!!!');

const dirs: string[] = [];
const scratches: ScratchDatabase[] = [];
const proxies: TcpProxy[] = [];
afterAll(async () => {
  killAllServers();
  for (const p of proxies) await p.close();
  for (const dir of dirs) removeDataDir(dir);
  for (const s of scratches) await s.drop();
});

interface Timed {
  what: string;
  outcome: Outcome;
}

/**
 * Load on the app while `outage()` takes the database away and `back()` returns it. Returns every
 * request with when the database went away and came back.
 */
async function underLoad(base: string, isAppAlive: () => boolean, outage: () => Promise<void>, back: () => Promise<void>) {
  const [start] = await pickStarts(base, 1);
  const results: Timed[] = [];
  const readyz: Timed[] = [];
  let done = false;
  const requests = [
    { what: 'GET /api/time-slots', run: () => send(base, 'GET', `/api/time-slots?date=${start.date}`, undefined, { timeoutMs: 12_000 }) },
    { what: 'POST /api/contact', run: () => send(base, 'POST', '/api/contact', contactPayload(runTag()), undefined) },
    { what: 'GET /api/services', run: () => send(base, 'GET', '/api/services', undefined, { timeoutMs: 12_000 }) },
  ];
  const load = runClients({
    clients: CLIENTS,
    maxRequests: 20_000,
    timeLimitMs: BEFORE_MS + OUTAGE_MS + AFTER_MS + 15_000,
    // A dead app refuses at once: stop instead of spinning on refusals.
    stop: () => done || !isAppAlive(),
    step: async (client, i) => {
      const r = requests[(client + i) % requests.length];
      results.push({ what: r.what, outcome: await r.run() });
      // A few milliseconds between requests keep the load modest on a shared machine.
      await sleep(20);
    },
  });
  let aliveThroughout = true;
  const watch = setInterval(() => {
    if (!isAppAlive()) aliveThroughout = false;
  }, 50);
  const probe = async () => readyz.push({ what: 'GET /readyz', outcome: await send(base, 'GET', '/readyz', undefined, { timeoutMs: 12_000 }) });

  await sleep(BEFORE_MS);
  const downAt = Date.now();
  await outage();
  const outageReadyAt = Date.now();
  await sleep(OUTAGE_MS / 2);
  await probe();
  await sleep(OUTAGE_MS / 2);
  await back();
  const upAt = Date.now();
  await sleep(AFTER_MS);
  await probe();
  done = true;
  await load;
  clearInterval(watch);
  return { results, readyz, downAt, outageReadyAt, upAt, aliveThroughout };
}

function judge(run: Awaited<ReturnType<typeof underLoad>>, output: string) {
  const { results, readyz, downAt, outageReadyAt, upAt } = run;
  const during = results.filter((r) => r.outcome.startedAt >= outageReadyAt + 200 && r.outcome.startedAt < upAt);
  const settled = results.filter((r) => r.outcome.startedAt >= upAt + RECOVERY_MS);
  const describe = (rs: Timed[]) => tally(rs.map((r) => r.outcome));
  console.info(
    `database down ${upAt - downAt} ms: before ${describe(results.filter((r) => r.outcome.startedAt < downAt))}; ` +
      `during ${describe(during)}; first ${RECOVERY_MS / 1000} s after ${describe(results.filter((r) => r.outcome.startedAt >= upAt && r.outcome.startedAt < upAt + RECOVERY_MS))}; ` +
      `then ${describe(settled)}; /readyz ${describe(readyz)}`,
  );
  const tail = output.slice(-3000);

  expect(run.aliveThroughout, `the app process died:\n${tail}`).toBe(true);
  // Every request got an HTTP answer: the app neither crashed nor hung past the timeout.
  expect(results.filter((r) => r.outcome.kind === 'error').map((r) => `${r.what}: ${r.outcome.kind === 'error' ? r.outcome.code : ''}`)).toEqual([]);
  expect(results.filter((r) => r.outcome.kind === 'response' && r.outcome.status === 500).map((r) => `${r.what}: 500 ${r.outcome.kind === 'response' ? r.outcome.body : ''}`), 'no 500, ever').toEqual([]);
  // Whatever failed, failed as the database being unavailable, and said when to try again.
  const failures = results.filter((r) => r.outcome.kind === 'response' && (r.outcome.status < 200 || r.outcome.status >= 300));
  const wrong = failures.filter((r) => {
    const o = r.outcome;
    return !(o.kind === 'response' && o.status === 503 && json(o)?.code === 'DATABASE_UNAVAILABLE' && typeof json(o)?.message === 'string' && o.headers['retry-after']);
  });
  expect(wrong.map((r) => `${r.what}: ${r.outcome.kind === 'response' ? `${r.outcome.status} ${r.outcome.body} retry-after=${r.outcome.headers['retry-after']}` : ''}`)).toEqual([]);
  expect(during.filter((r) => r.what !== 'GET /api/services' && r.outcome.kind === 'response' && r.outcome.status === 503).length, '503s while the database was away').toBeGreaterThan(0);
  expect(readyz[0].outcome.kind === 'response' && readyz[0].outcome.status, '/readyz while the database is away').toBe(503);
  // Back within 5 s: everything started after that succeeded.
  expect(settled.length, 'requests after the recovery window').toBeGreaterThan(CLIENTS);
  expect(settled.filter((r) => !(r.outcome.kind === 'response' && r.outcome.status >= 200 && r.outcome.status < 300)).map((r) => `${r.what}: ${tally([r.outcome])}`)).toEqual([]);
  expect(readyz[1].outcome.kind === 'response' && readyz[1].outcome.status, '/readyz after recovery').toBe(200);
}

describe('the database restarted under load', () => {
  it.skipIf(!pgUp)('on a PostgreSQL server (a TCP proxy cut and restored, the backends terminated): 503 during, never 500, no crash, back within 5 s', async () => {
    const mainJs = await builtMainJs();
    const dataDir = makeDataDir('dbrestart');
    dirs.push(dataDir);
    const scratch = await createScratchDatabase('site_faults_dbrestart');
    scratches.push(scratch);
    const target = new URL(SYSTEM_PG_URL);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxies.push(proxy);
    await proxy.start();
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const server = await startServer({ mainJs, dataDir, databaseUrl: viaProxy.toString(), env: FAULT_ENV });

    const admin = new pg.Client({ connectionString: SYSTEM_PG_URL });
    await admin.connect();
    try {
      const run = await underLoad(
        server.url,
        server.isAlive,
        async () => {
          // What a restart does to the app's sessions: terminated mid-transaction, then refused.
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [scratch.name]);
          await proxy.cut();
        },
        () => proxy.restore(),
      );
      judge(run, server.output());
    } finally {
      await admin.end();
    }
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('on the embedded server (pg_ctl stop -m fast, then started again): 503 during, never 500, no crash, back within 5 s', async () => {
    const mainJs = await builtMainJs();
    const dataDir = makeDataDir('dbrestart');
    dirs.push(dataDir);
    const server = await startServer({ mainJs, dataDir, env: FAULT_ENV });
    const info = postmasterInfo(dataDir);
    expect(info, `a running embedded server in ${dataDir}/postgres`).not.toBeNull();
    const options = postmasterOptions(dataDir);
    const log = join(tmpdir(), `site-faults-pgctl-${runTag()}.log`);
    try {
      const run = await underLoad(
        server.url,
        server.isAlive,
        async () => {
          const stopped = await pgCtlAsync(dataDir, ['stop', '-m', 'fast', '-w']);
          expect(stopped.status, stopped.output).toBe(0);
        },
        async () => {
          // The app may have started its server again by itself; otherwise start it as the app did.
          const now = postmasterInfo(dataDir);
          if (now && isAlive(now.pid)) return;
          const started = await pgCtlAsync(dataDir, ['start', '-w', '-l', log, '-o', options]);
          expect(started.status, started.output).toBe(0);
        },
      );
      judge(run, server.output());
    } finally {
      rmSync(log, { force: true });
    }
    server.child.kill('SIGTERM');
    await server.exited;
  });
});
