// The one load generator of the bench: autocannon (pipelining 1, keep-alive), with latencies and
// statuses kept per route here, since autocannon's own figures cover a whole run. The bare route,
// the single routes and the mix all go through it, so their ratios compare like with like.
import autocannon from 'autocannon';
import hdr from 'hdr-histogram-js';

/** Latencies are kept in microseconds: autocannon's own histogram rounds to whole milliseconds. */
function newRouteStats() {
  return { count: 0, statuses: new Map(), latencies: hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 }) };
}

function summarise(stats, seconds) {
  const ms = (q) => stats.latencies.getValueAtPercentile(q) / 1000;
  const summary = { count: stats.count, rps: stats.count / seconds, p50: ms(50), p99: ms(99), statuses: Object.fromEntries([...stats.statuses].sort(([a], [b]) => a - b)) };
  stats.latencies.destroy();
  return summary;
}

/**
 * Runs `requests` (autocannon's request list) from `connections` connections spread round-robin
 * over `urls` for `seconds`. A request's `setupRequest` names its route in `context.route`; without
 * one every response counts for `route`. Returns per-route figures, connection errors and timeouts.
 */
export async function runLoad({ urls, connections, seconds, requests, route = 'all' }) {
  const routes = new Map();
  const instance = autocannon({ url: urls, connections, duration: seconds, pipelining: 1, requests });
  // autocannon emits this with the client right after the request's own onResponse and before
  // the client builds its next request, so the context still names the route just answered.
  instance.on('response', (client, status, _bytes, responseMs) => {
    const name = client.requestIterator.context.route ?? route;
    let stats = routes.get(name);
    if (!stats) routes.set(name, (stats = newRouteStats()));
    stats.count++;
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    stats.latencies.recordValue(Math.max(1, Math.round(responseMs * 1000)));
  });
  const result = await instance;
  const perRoute = new Map([...routes].map(([name, stats]) => [name, summarise(stats, result.duration)]));
  const total = [...perRoute.values()].reduce((sum, r) => sum + r.count, 0);
  return { seconds: result.duration, routes: perRoute, rps: total / result.duration, errors: result.errors - result.timeouts, timeouts: result.timeouts };
}
