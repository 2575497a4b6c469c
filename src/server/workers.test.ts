import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from './errors';
import { startWorkers, type Worker } from './workers';

function fakeApp() {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { app: { log } as unknown as FastifyInstance, log };
}

describe('startWorkers while the database is away', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the job alive, backs off, warns once per outage and resumes when the database returns', async () => {
    const { app, log } = fakeApp();
    let databaseUp = false;
    const runsAt: number[] = [];
    const worker: Worker = {
      name: 'probe',
      intervalMs: 5_000,
      run: async () => {
        runsAt.push(Date.now());
        if (!databaseUp) throw new DatabaseUnavailableError({ cause: new Error('connect ECONNREFUSED 127.0.0.1:5432') });
      },
    };
    const start = Date.now();
    const stop = startWorkers(app, [worker]);

    await vi.advanceTimersByTimeAsync(60_000);
    const offsets = runsAt.map((at) => at - start);
    // First run at 0.5 s, then paused 10 s, 20 s, 30 s (the cap) after each failure.
    expect(offsets).toEqual([500, 11_000, 31_000]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();

    databaseUp = true;
    await vi.advanceTimersByTimeAsync(31_000);
    expect(log.info).toHaveBeenCalledWith({ worker: 'probe' }, 'worker resumed: the database is back');
    const after = runsAt.length;
    // Back on its normal 5 s schedule.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(runsAt.length - after).toBe(4);
    await stop();
  });

  it('logs any other failure as an error and keeps the normal schedule', async () => {
    const { app, log } = fakeApp();
    let runs = 0;
    const stop = startWorkers(app, [
      {
        name: 'buggy',
        intervalMs: 5_000,
        run: async () => {
          runs++;
          throw new TypeError('bug');
        },
      },
    ]);
    // At 0.5 s, then every 5 s (on the 1 s tick): 6 s, 11 s, 16 s.
    await vi.advanceTimersByTimeAsync(20_600);
    expect(runs).toBe(4);
    expect(log.error).toHaveBeenCalledTimes(4);
    expect(log.warn).not.toHaveBeenCalled();
    await stop();
  });
});
