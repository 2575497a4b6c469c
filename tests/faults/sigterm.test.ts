import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer } from '../helpers/server-process';
import {
  FAULT_ENV,
  bookingPayload,
  builtMainJs,
  contactPayload,
  embeddedLayoutIn,
  pickStarts,
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
 * SIGTERM while 30 clients keep the server busy (DESIGN.md section 7): every connection the
 * kernel accepted before the signal gets an HTTP answer, never a reset; the process exits 0
 * within 15 s.
 */

const CLIENTS = 30;

let dataDir: string | undefined;
afterAll(async () => {
  killAllServers();
  if (dataDir) removeDataDir(dataDir);
});

describe('SIGTERM under load', () => {
  it(`answers every connection accepted before the signal (${CLIENTS} clients), then exits 0 within 15 s`, async () => {
    const mainJs = await builtMainJs();
    dataDir = makeDataDir('term');
    const server = await startServer({ mainJs, dataDir, env: FAULT_ENV });
    const starts = await pickStarts(server.url, 40);
    const day = starts[0].date;

    const outcomes: { what: string; outcome: Outcome }[] = [];
    let signalAt = Infinity;
    let refused = false;
    // A mix of reads and writes, each on a new connection, as visitors arriving.
    const requests = [
      () => ({ what: 'GET /api/services', run: () => send(server.url, 'GET', '/api/services') }),
      () => ({ what: 'GET /api/time-slots', run: () => send(server.url, 'GET', `/api/time-slots?date=${day}`) }),
      () => ({ what: 'POST /api/contact', run: () => send(server.url, 'POST', '/api/contact', contactPayload(runTag())) }),
      () => {
        const start = starts.shift();
        return start
          ? { what: 'POST /api/bookings', run: () => send(server.url, 'POST', '/api/bookings', bookingPayload(start, runTag())) }
          : { what: 'GET /', run: () => send(server.url, 'GET', '/') };
      },
    ];
    const load = runClients({
      clients: CLIENTS,
      maxRequests: 5_000,
      timeLimitMs: 25_000,
      // Once the server refuses new connections there is nobody left to answer.
      stop: () => refused,
      step: async (client, i) => {
        const { what, run } = requests[(client + i) % requests.length]();
        const outcome = await run();
        outcomes.push({ what, outcome });
        if (outcome.kind === 'error' && outcome.code === 'ECONNREFUSED' && Date.now() > signalAt) refused = true;
      },
    });

    await sleep(1_500);
    signalAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
    const exitedAfterMs = Date.now() - signalAt;
    refused = true;
    await load;

    const before = outcomes.filter((o) => o.outcome.connectedAt !== undefined && o.outcome.connectedAt < signalAt);
    const after = outcomes.filter((o) => o.outcome.connectedAt !== undefined && o.outcome.connectedAt >= signalAt);
    const unanswered = before.filter((o) => o.outcome.kind === 'error');
    console.info(
      `SIGTERM: ${before.length} requests connected before the signal (${tally(before.map((o) => o.outcome))}); ` +
        `${after.length} after (${tally(after.map((o) => o.outcome))}); exit ${JSON.stringify(exit)} after ${exitedAfterMs} ms`,
    );
    expect(before.length, 'requests were in flight when the signal came').toBeGreaterThanOrEqual(CLIENTS / 2);
    expect(
      unanswered.map((o) => `${o.what}: ${o.outcome.kind === 'error' ? o.outcome.code : ''}`),
      'connections accepted before SIGTERM that got no HTTP answer',
    ).toEqual([]);
    // Never a 500 while shutting down (a 503 for a request the server declines is an answer).
    expect(before.filter((o) => o.outcome.kind === 'response' && o.outcome.status >= 500 && o.outcome.status !== 503).map((o) => o.what)).toEqual([]);
    expect(exit, `exit within 15 s of SIGTERM:\n${server.output().slice(-3000)}`).toEqual({ code: 0, signal: null });
    if (embeddedLayoutIn(dataDir)) await waitFor('the embedded server to stop with the app', () => postmastersOn(dataDir!).length === 0, 5_000);
  });
});
