// The load bench's tables: fixed-width columns for a terminal, one block per configuration, then a
// line per target across the configurations.
import { serverErrors } from './routes.mjs';

export const MEMORY_TARGET_MB = 300;
const BOOKINGS = 'POST /api/bookings';
const NAME_WIDTH = 28;

const mark = (ok) => (ok ? '✓' : '✗');
const mb = (bytes) => Math.round(bytes / (1024 * 1024));
const num = (value, width, digits = 0) => value.toFixed(digits).padStart(width);
const NO_ANSWERS = { count: 0, rps: 0, p50: 0, p99: 0, statuses: {} };

function statusList(statuses) {
  const list = Object.entries(statuses).map(([status, n]) => `${status}×${n}`).join(' ');
  return serverErrors(statuses) > 0 ? `${list}  !! 5xx` : list;
}

function connectionProblems(result) {
  return result.errors || result.timeouts ? `  connection errors ${result.errors}, timeouts ${result.timeouts}` : '';
}

/** A route's figures in a run; a route that never answered counts as zero, never as a met target. */
export const figures = (result, name) => result.routes.get(name) ?? NO_ANSWERS;
export const targetMet = (target, r, bareRps) => r.count > 0 && target.met(r, bareRps);

export function printBare(fixed, built) {
  const r = figures(fixed, 'GET /');
  console.log(`bare route (Fastify GET / in its own process): ${num(r.rps, 0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${statusList(r.statuses)}${connectionProblems(fixed)}`);
  console.log(`  the generator building each request as the mix does: ${num(built.rps, 0)} req/s on the same route (the issue quotes about 32,500 req/s for autocannon here)`);
}

export function printRouteTable(rows, bareRps) {
  console.log(`  ${'route'.padEnd(NAME_WIDTH)}${'req/s'.padStart(7)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'bare'.padStart(8)}  ${'target'.padEnd(32)}statuses`);
  for (const { route, result } of rows) {
    const r = figures(result, route.name);
    const target = route.target ? `${mark(targetMet(route.target, r, bareRps))} ${route.target.text}` : '-';
    const share = `${num((100 * r.rps) / bareRps, 5, 1)} %`;
    console.log(`  ${route.name.padEnd(NAME_WIDTH)}${num(r.rps, 7)}${num(r.p50, 9, 1)}${num(r.p99, 9, 1)}${share.padStart(8)}  ${target.padEnd(32)}${statusList(r.statuses)}${connectionProblems(result)}`);
  }
}

/** Every status of 400 and above, by status, with the routes that got it; a 409 on a booking is a refusal, not an error. */
function errorsByStatus(routes) {
  const byStatus = new Map();
  for (const [name, r] of routes) {
    for (const [status, n] of Object.entries(r.statuses)) {
      if (Number(status) < 400 || (name === BOOKINGS && status === '409')) continue;
      const entry = byStatus.get(status) ?? { n: 0, routes: [] };
      entry.n += n;
      entry.routes.push(`${name} ${n}`);
      byStatus.set(status, entry);
    }
  }
  if (byStatus.size === 0) return 'none';
  return [...byStatus]
    .sort(([a], [b]) => b - a)
    .map(([status, e]) => `${status}×${e.n}${Number(status) >= 500 ? ' !! SERVER ERRORS' : ''} (${e.routes.join(', ')})`)
    .join('; ');
}

export function printMix(mix, seconds) {
  const total = [...mix.routes.values()].reduce((sum, r) => sum + r.count, 0);
  console.log(`  ${`mix, ${seconds} s`.padEnd(NAME_WIDTH)}${'share'.padStart(7)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  statuses`);
  for (const [name, r] of [...mix.routes].sort(([a], [b]) => a.localeCompare(b))) {
    const share = `${num((100 * r.count) / total, 5, 1)} %`;
    console.log(`  ${name.padEnd(NAME_WIDTH)}${share.padStart(7)}${num(r.rps, 8)}${num(r.p50, 9, 1)}${num(r.p99, 9, 1)}  ${statusList(r.statuses)}`);
  }
  console.log(`  ${'total'.padEnd(NAME_WIDTH)}${'100 %'.padStart(7)}${num(mix.rps, 8)}`);
  console.log(`  errors by status: ${errorsByStatus(mix.routes)}`);
  console.log(`  connection errors ${mix.errors}, timeouts ${mix.timeouts}`);
}

/** Peak memory over all runs, then per phase: where the peak came from. */
export function printMemory(memory, instances) {
  const { all, phases } = memory;
  const sum = mb(all.sum);
  console.log(
    `  peak memory: app ${mb(all.app)} MB (VmRSS, ${instances} process${instances > 1 ? 'es' : ''}), database ${mb(all.db)} MB ` +
      `(PSS summed over up to ${all.dbProcesses} postgres processes), app + database ${sum} MB  ${mark(sum < MEMORY_TARGET_MB)} < ${MEMORY_TARGET_MB} MB`,
  );
  console.log(`    by phase: ${phases.map(({ name, peak }) => `${name} app ${mb(peak.app)} + db ${mb(peak.db)}, sum ${mb(peak.sum)} MB`).join('; ')}`);
}

/** Bookings answered 201 and 409 in the runs, against what the database holds afterwards. */
export function printAfterwards(overlaps, runs, setupBookings) {
  const count = (status) => runs.reduce((n, run) => n + (figures(run, BOOKINGS).statuses[status] ?? 0), 0);
  if (overlaps.pairs.length === 0) console.log(`  no overlapping jobs (${overlaps.active} active jobs checked)`);
  else {
    console.log(`  !! OVERLAPPING active jobs of one crew (${overlaps.active} active jobs checked):`);
    for (const p of overlaps.pairs) console.log(`     #${p.first} ${p.first_during} and #${p.second} ${p.second_during}, crew ${p.crew}`);
  }
  console.log(`  bookings in the runs: ${count('201')} created (201), ${count('409')} refused (409); ${overlaps.bookings} in the database, ${setupBookings} of them made before the runs`);
}

/** One line per target: every configuration's figure and mark. */
export function printSummary(results, bareRps) {
  console.log(`\ntargets, against the bare route's ${num(bareRps, 0)} req/s in this run:`);
  for (const { route } of results[0].rows.filter((row) => row.route.target)) {
    const cells = results.map(({ name, rows }) => {
      const r = figures(rows.find((row) => row.route.name === route.name).result, route.name);
      const ok = targetMet(route.target, r, bareRps);
      return { ok, text: `${name} ${route.target.value(r, bareRps)} ${mark(ok)}` };
    });
    console.log(`  ${mark(cells.every((c) => c.ok))} ${`${route.name} ${route.target.text}`.padEnd(56)} ${cells.map((c) => c.text).join('   ')}`);
  }
  const memory = results.map(({ name, memory: peak }) => ({ ok: mb(peak.sum) < MEMORY_TARGET_MB, text: `${name} ${mb(peak.sum)} MB ${mark(mb(peak.sum) < MEMORY_TARGET_MB)}` }));
  console.log(`  ${mark(memory.every((c) => c.ok))} ${`peak app RSS + database PSS < ${MEMORY_TARGET_MB} MB`.padEnd(56)} ${memory.map((c) => c.text).join('   ')}`);
}
