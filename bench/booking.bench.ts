/**
 * Booking API throughput: GET /api/time-slots and POST /api/bookings on the real app (a temporary
 * embedded PostgreSQL server, rate limits scaled out of the way), next to a bare Fastify route in the same process as
 * the ceiling. Run: node --import tsx bench/booking.bench.ts [seconds per run, default 4]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed';
import { addDays, availableJobStarts, DEFAULT_SCHEDULE_SETTINGS, todayInZone } from '../src/server/schedule/services/schedule';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const seconds = Number(process.argv[2] ?? 4);
const CONNECTIONS = 10;
const TZ = 'America/Los_Angeles';

function line(name: string, r: AutocannonResult, ceiling?: number) {
  const codes = Object.entries(r.statusCodeStats)
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  const ratio = ceiling ? `${((r.requests.average / ceiling) * 100).toFixed(1)}% of bare` : 'ceiling';
  console.log(
    `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   ${ratio.padEnd(16)} ${codes}${r.errors ? `  errors ${r.errors}` : ''}`,
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-bench-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000000' });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => [{ id: 900, slotTime: '9:00 AM' }]);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

  // Starts of the window two hours apart, so each one-hour shelf-mounting job with its 30-minute
  // travel buffer is free: POSTs aim at free ones until they run out.
  const now = new Date();
  const today = todayInZone(now, TZ);
  const open: { date: string; time: string }[] = [];
  for (let d = 1; d <= 90; d++) {
    const date = addDays(today, d);
    const starts = availableJobStarts({ date, now, timeZone: TZ, settings: DEFAULT_SCHEDULE_SETTINGS, durationMinutes: 60, jobs: [], businessBlocks: [], overrides: [], busy: [] });
    starts.forEach((s, i) => i % 2 === 0 && open.push({ date, time: s.label }));
  }
  let customer = 0;
  const slotsDate = open[0].date;
  let next = 0;
  const body = (slot: { date: string; time: string }) =>
    JSON.stringify({
      serviceType: 'shelf-mounting',
      bookingDate: slot.date,
      bookingTime: slot.time,
      fullName: 'Bench Customer',
      phone: '(310) 555-0100',
      // One customer a booking: an email may hold only two unpaid bookings at once.
      email: `bench${customer++}@example.com`,
      address: '1 Bench Street, Santa Monica, CA 90401',
      depositAmount: 50,
      totalAmount: 50,
    });
  const json = { 'content-type': 'application/json' };

  console.log(`Node ${process.version}, ${CONNECTIONS} connections, ${seconds} s per run, embedded PostgreSQL, the app in the same process as the load generator\n`);
  const ceiling = await autocannon({ url: `${bareUrl}/bare`, connections: CONNECTIONS, duration: seconds });
  line('bare Fastify GET', ceiling);
  const bareRps = ceiling.requests.average;

  const slotsRun = await autocannon({ url: `${appUrl}/api/time-slots?date=${slotsDate}`, connections: CONNECTIONS, duration: seconds });
  line('GET /api/time-slots', slotsRun, bareRps);

  const distinct = await autocannon({
    url: appUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'POST', path: '/api/bookings', headers: json, setupRequest: (req) => ({ ...req, body: body(open[next++ % open.length]) }) }],
  });
  line(`POST /api/bookings (${open.length} free slots)`, distinct, bareRps);

  // Every slot is now taken: each request runs the transaction and ends in 409.
  const conflicts = await autocannon({
    url: appUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'POST', path: '/api/bookings', headers: json, body: body(open[0]) }],
  });
  line('POST /api/bookings (taken slot)', conflicts, bareRps);

  const created = distinct.statusCodeStats['201']?.count ?? 0;
  console.log(`\n201 created: ${created} of ${open.length} slots; 409 in the distinct run: ${distinct.statusCodeStats['409']?.count ?? 0} (slots exhausted or already taken)`);

  await app.close();
  await bare.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
