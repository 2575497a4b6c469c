#!/usr/bin/env node
// Load benchmark (issue 15): prints figures, it is not a test, and exits 0 even when a target is
// missed (non-zero only when the bench itself fails: a server that does not start, and so on).
//
//   npm run bench:load
//   node bench/load.bench.mjs [--seconds=60] [--route-seconds=10] [--connections=50] [--only=embedded|server]
//
// Against the built site (built first when the sources changed), started as a deployment runs it:
// `node scripts/start.mjs` with NODE_ENV=production and PAYMENTS=demo, PUBLIC_URL its own address.
// Writes (bookings, sign-ins) carry X-Forwarded-For with a new visitor address each, as a load
// balancer passes it (the app runs with TRUST_PROXY=1), so they are counted per visitor as live
// traffic is. The per-IP rate limits
// are still scaled by RATE_LIMIT_SCALE=1000000: the connections all come from 127.0.0.1, and
// unscaled limits would measure the limiter instead of the site.
//
// First the bare route (Fastify GET / in its own process) with the same load generator, the
// ceiling every share below is read against. Then, each on fresh data:
//   embedded   one app instance with its own embedded PostgreSQL (a temp DATA_DIR);
//   server ×1  one app instance on a new database of the PostgreSQL server on 127.0.0.1:5432
//              (when one answers; trust authentication, user postgres), dropped afterwards;
//   server ×2  two instances on one new database, connections spread over both.
// For each: every route alone (--route-seconds each), then the realistic mix (--seconds) of public
// pages, content, time-slots, bookings, sign-ins, customers' dashboards and the owner's Today view;
// peak memory sampled every 250 ms throughout; afterwards an SQL check that no two active jobs of
// one crew overlap.
//
// Every request carries a browser's `accept-encoding: gzip, deflate, br`, API calls included, as
// a browser's fetch does: the site then compresses what it sends.
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { RATE_LIMIT_SCALE, startApps } from './load/apps.mjs';
import { atCleanup, cleanupAll } from './load/cleanup.mjs';
import { checkOverlaps, createDatabase, embeddedConnection, SERVER, serverProblem, watchServer } from './load/database.mjs';
import { runLoad } from './load/generator.mjs';
import { startMemorySampler } from './load/memory.mjs';
import { freePort, startNode, waitReady } from './load/processes.mjs';
import { printAfterwards, printBare, printMemory, printMix, printRouteTable, printSummary } from './load/report.mjs';
import { bareRequests, mixRequests, mixRoutes, singleRoutes } from './load/routes.mjs';
import { prepareSite } from './load/site.mjs';

const USAGE = 'usage: node bench/load.bench.mjs [--seconds=60] [--route-seconds=10] [--connections=50] [--only=embedded|server]';
/** Lets one run's last requests finish before the next run starts. */
const PAUSE_MS = 1000;

class UsageError extends Error {}

function parseOptions(argv) {
  const options = { seconds: 60, routeSeconds: 10, connections: 50, only: null };
  const names = { seconds: 'seconds', 'route-seconds': 'routeSeconds', connections: 'connections' };
  for (const arg of argv) {
    const [, key, value] = /^--([a-z-]+)=(.+)$/.exec(arg) ?? [];
    if (key === 'only' && (value === 'embedded' || value === 'server')) options.only = value;
    else if (names[key] && /^[1-9]\d*$/.test(value)) options[names[key]] = Number(value);
    else throw new UsageError(`unknown option or bad value: ${arg}\n${USAGE}`);
  }
  return options;
}

/** Other work on the machine takes CPU from the bench; the figures are read against it. */
const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

let progressShown = false;
/** A passing line on a terminal, so a long run does not look stuck; nothing in a log. */
function progress(text) {
  if (!process.stderr.isTTY) return;
  process.stderr.write(`\r\x1b[K${text}`);
  progressShown = true;
}
function endProgress() {
  if (progressShown) process.stderr.write('\r\x1b[K');
  progressShown = false;
}

async function measureBare(options) {
  const port = await freePort();
  const bare = startNode(['bench/load/bare-server.mjs'], { ...process.env, PORT: String(port) });
  const urls = [`http://127.0.0.1:${port}`];
  await waitReady(bare, urls[0]);
  const run = (requests) => runLoad({ urls, connections: options.connections, seconds: options.routeSeconds, requests, route: 'GET /' });
  progress('bare route...');
  const fixed = await run(bareRequests.fixed);
  await sleep(PAUSE_MS);
  progress('bare route, requests built as in the mix...');
  const built = await run(bareRequests.built);
  endProgress();
  await bare.stop();
  printBare(fixed, built);
  return fixed.rps;
}

/** The configurations to run: the server ones only when a server answers. */
async function configurations(only) {
  const list = [];
  if (only !== 'server') list.push({ name: 'embedded', instances: 1, server: false });
  if (only === 'embedded') return list;
  const problem = await serverProblem();
  if (problem) {
    console.log(`no PostgreSQL server answers on ${SERVER.host}:${SERVER.port} (${problem}): ${only === 'server' ? 'nothing to run' : 'running the embedded configuration only'}`);
    if (only === 'server') throw new Error('--only=server needs a PostgreSQL server on 127.0.0.1:5432');
    return list;
  }
  list.push({ name: 'server ×1', instances: 1, server: true }, { name: 'server ×2', instances: 2, server: true });
  return list;
}

function configurationLine(config, dbName) {
  const apps = config.instances === 1 ? 'one app instance' : `${config.instances} app instances (connections spread round-robin)`;
  return config.server ? `${apps} on database ${dbName} of the server on ${SERVER.host}:${SERVER.port}` : `${apps} with its own embedded PostgreSQL (temp DATA_DIR)`;
}

/** Memory of the app processes, and of the database: the app's own postgres tree, or the server's minus other databases' backends. */
async function startSampling(site, dbName) {
  const appPids = site.apps.map((app) => app.pid);
  if (!dbName) return { sampler: startMemorySampler({ appPids, dbRoots: () => appPids }), stop: async () => {} };
  const server = await watchServer(dbName);
  const stop = atCleanup(() => server.stop());
  return { sampler: startMemorySampler({ appPids, dbRoots: () => [server.postmaster], excluded: server.foreign }), stop };
}

async function runRoutes(site, prepared, options, sampler) {
  const urls = site.apps.map((app) => app.url);
  const rows = [];
  sampler.phase('single routes');
  for (const route of singleRoutes(prepared)) {
    progress(`${route.name}, ${options.routeSeconds} s...`);
    rows.push({ route, result: await runLoad({ urls, connections: options.connections, seconds: options.routeSeconds, requests: route.requests, route: route.name }) });
    await sleep(PAUSE_MS);
  }
  progress(`the mix, ${options.seconds} s...`);
  sampler.phase('mix');
  const mix = await runLoad({ urls, connections: options.connections, seconds: options.seconds, requests: mixRequests(mixRoutes(prepared)) });
  endProgress();
  return { rows, mix };
}

/** The database's state while the apps still run: the embedded server stops with its app. */
function afterwards(site, databaseUrl) {
  return checkOverlaps(databaseUrl ? { connectionString: databaseUrl } : embeddedConnection(site.apps[0].dataDir));
}

async function runConfiguration(config, options, bareRps) {
  const dbName = config.server ? `load_bench_${process.pid}_${config.instances}` : null;
  const database = dbName ? await createDatabase(dbName) : null;
  console.log(`\n== ${config.name}: ${configurationLine(config, dbName)}; load average ${loadAverage()}`);
  progress('starting...');
  const site = await startApps({ count: config.instances, databaseUrl: database?.url });
  progress('reading the site, making accounts...');
  const prepared = await prepareSite({ base: site.apps[0].url, origin: site.publicUrl, appEnv: site.apps[0].env });
  const sampling = await startSampling(site, dbName);
  const { rows, mix } = await runRoutes(site, prepared, options, sampling.sampler);
  const memory = sampling.sampler.stop();
  await sampling.stop();
  const died = site.apps.find((app) => !app.isRunning());
  if (died) throw new Error(`an app instance stopped during the runs:\n${died.output()}`);
  const overlaps = await afterwards(site, database?.url);
  await site.stop();
  await database?.drop();

  console.log(`  ${prepared.offered} starts offered in the ${prepared.dates.length} open days of the window; ${prepared.customers.length} customers signed in, and the owner`);
  printRouteTable(rows, bareRps);
  printMix(mix, options.seconds);
  printMemory(memory, config.instances);
  printAfterwards(overlaps, [...rows.map((row) => row.result), mix], prepared.customers.length);
  return { name: config.name, rows, memory: memory.all };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  ensureBuild();
  const list = await configurations(options.only);
  console.log(
    `load bench: ${options.connections} connections, pipelining 1; each route alone ${options.routeSeconds} s, the mix ${options.seconds} s; ` +
      `configurations: ${list.map((c) => c.name).join(', ')}`,
  );
  console.log(
    `app: NODE_ENV=production PAYMENTS=demo TRUST_PROXY=1 LOG_LEVEL=warn, rate limits scaled ×${RATE_LIMIT_SCALE}, writes from a new X-Forwarded-For address each; ` +
      `${cpus().length} CPUs, load average ${loadAverage()}`,
  );
  const bareRps = await measureBare(options);
  const results = [];
  for (const config of list) results.push(await runConfiguration(config, options, bareRps));
  printSummary(results, bareRps);
}

// A second Ctrl-C while cleaning up ends the bench at once (the handler runs once).
let interrupted = false;
for (const [signal, exitCode] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.once(signal, async () => {
    interrupted = true;
    endProgress();
    console.error(`\n${signal}: stopping what the bench started...`);
    await cleanupAll();
    process.exit(exitCode);
  });
}

try {
  await main();
  await cleanupAll();
} catch (err) {
  if (interrupted) await new Promise(() => {}); // the signal handler cleans up and exits
  endProgress();
  console.error(err instanceof UsageError ? err.message : `load bench failed: ${err.stack ?? err}`);
  await cleanupAll();
  process.exit(err instanceof UsageError ? 2 : 1);
}
