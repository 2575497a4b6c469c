import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Logger, makeWorkerUtils, parseCronItems, run, type Runner, type TaskList, type WorkerEvents, type WorkerUtils } from 'graphile-worker';
import { createPool } from '../db/pool';
import { sendQueuedEmail, sendQueuedText } from '../messaging';
import { sendPushEvent } from '../push';
import { WORKERS, type Worker } from '../workers';

/** Jobs run at once by one instance: a slow calendar feed must not hold up the emails. */
const CONCURRENCY = 4;
/** How often an instance looks for due jobs besides being told of new ones (LISTEN/NOTIFY). */
const POLL_INTERVAL_MS = 1_000;
/**
 * How long every attempt to take a job may fail before the runner and its pool are made anew. A
 * pool whose connections were lost while opening (a connect timeout on a machine under heavy
 * load) can stay full of clients that never connected, and then every later attempt times out:
 * the queue would never send anything again without a restart.
 */
export const STALLED_AFTER_MS = 30_000;

function recordId(payload: unknown, field: string): number | null {
  const value = (payload as Record<string, unknown> | null)?.[field];
  return Number.isSafeInteger(value) ? (value as number) : null;
}

/** A crontab line (UTC) for every `intervalMs`: a whole number of minutes that divides an hour, or one hour. */
export function cronPattern(intervalMs: number): string {
  const minutes = intervalMs / 60_000;
  if (minutes === 60) return '0 * * * *';
  if (!Number.isInteger(minutes) || minutes < 1 || 60 % minutes !== 0) throw new Error(`A timed job runs every whole number of minutes that divides an hour, not every ${intervalMs} ms`);
  return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

/** The queue's tasks: one per outbox row kind, the push notices, and the timed jobs. */
export function queueTasks(app: FastifyInstance, timed: Worker[] = WORKERS): TaskList {
  const tasks: TaskList = {
    'send-email': async (payload) => {
      const id = recordId(payload, 'emailId');
      if (id === null) return;
      const { config } = app;
      await sendQueuedEmail({ db: app.db, mailer: app.mailer, now: app.now, from: config.mailFrom, backoffScale: config.outboxBackoffScale, log: app.log }, id);
    },
    'send-text': async (payload) => {
      const id = recordId(payload, 'textId');
      // Texts are queued only while Twilio is configured.
      if (id === null || !app.sms || !app.config.twilio) return;
      const { config } = app;
      await sendQueuedText({ db: app.db, sender: app.sms, now: app.now, from: config.twilio!.from, backoffScale: config.outboxBackoffScale, log: app.log }, id);
    },
    'send-push': async (payload) => {
      const id = recordId(payload, 'pushEventId');
      if (id === null) return;
      const { config } = app;
      await sendPushEvent(
        { db: app.db, now: app.now, allowPrivateHosts: config.pushAllowPrivateHosts, subject: `mailto:${config.businessEmail}`, backoffScale: config.outboxBackoffScale, log: app.log },
        id,
      );
    },
  };
  for (const job of timed) tasks[job.name] = async () => void (await job.run(app));
  return tasks;
}

/** Graphile Worker's log lines into the app's log: its errors (a failed job) and warnings only. */
function queueLogger(app: FastifyInstance) {
  return new Logger((scope) => (level, message, meta) => {
    const details = { queue: scope, err: (meta as { error?: Error } | undefined)?.error?.message };
    if (level === 'error') app.log.error(details, message);
    else if (level === 'warning') app.log.warn(details, message);
  });
}

export interface JobQueue {
  /** For startWorkers: starts the queue's runner, and starts it again if it stopped (the database went away). */
  worker: Worker;
  /** Stops the runner: jobs in flight finish first. */
  stop(): Promise<void>;
}

/**
 * The job queue of this instance: Graphile Worker on the app's database (decision 0016). Every
 * instance runs one; jobs are taken with SKIP LOCKED, so each runs on one instance, and each
 * crontab tick makes one job whichever instances are up. Its own pool keeps jobs from taking the
 * connections requests need.
 */
export function createJobQueue(app: FastifyInstance, opts: { databaseUrl: string; timed?: Worker[]; stalledAfterMs?: number }): JobQueue {
  const timed = opts.timed ?? WORKERS;
  const stalledAfterMs = opts.stalledAfterMs ?? STALLED_AFTER_MS;
  const logger = queueLogger(app);
  const cronItems = [
    ...timed.map((job) => ({
      task: job.name,
      match: cronPattern(job.intervalMs),
      identifier: job.name,
      // A tick missed while no instance ran is not made up; a failed run waits for the next tick.
      options: { backfillPeriod: 0, maxAttempts: 1, jobKey: `cron:${job.name}`, jobKeyMode: 'replace' as const },
    })),
    // Jobs that failed for good (the database failed them ten times; timed jobs once) are kept a day for a look, then dropped.
    { task: 'queue-cleanup', match: '17 3 * * *', identifier: 'queue-cleanup', options: { backfillPeriod: 0, maxAttempts: 1, jobKey: 'cron:queue-cleanup' } },
  ];
  let pool: pg.Pool | null = null;
  let runner: Runner | null = null;
  let utils: WorkerUtils | null = null;
  let stopping = false;
  /** Since when every attempt to take a job has failed (null: the last one worked). */
  let failingSince: number | null = null;

  /** Stops the runner and ends its pool, so the next start begins with fresh connections. */
  const discard = async () => {
    const current = runner;
    const oldUtils = utils;
    const oldPool = pool;
    runner = null;
    utils = null;
    pool = null;
    failingSince = null;
    if (current) await current.stop().catch(() => {});
    await Promise.resolve(oldUtils?.release()).catch(() => {});
    await oldPool?.end().catch(() => {});
  };

  const start = async () => {
    // Its own pool keeps jobs from taking the connections requests need.
    pool ??= createPool(opts.databaseUrl, { max: CONCURRENCY + 2 });
    utils ??= await makeWorkerUtils({ pgPool: pool, logger });
    const workerUtils = utils;
    const events: WorkerEvents = new EventEmitter();
    events.on('worker:getJob:error', () => {
      failingSince ??= Date.now();
    });
    const worked = () => {
      failingSince = null;
    };
    events.on('worker:getJob:empty', worked);
    events.on('job:start', worked);
    const taskList: TaskList = { ...queueTasks(app, timed), 'queue-cleanup': async () => workerUtils.cleanup({ tasks: ['DELETE_PERMAFAILED_JOBS'] }) };
    const started = await run({
      pgPool: pool,
      taskList,
      parsedCronItems: parseCronItems(cronItems),
      concurrency: CONCURRENCY,
      pollInterval: POLL_INTERVAL_MS,
      noHandleSignals: true,
      logger,
      events,
    });
    runner = started;
    failingSince = null;
    started.promise.then(
      () => {
        if (runner === started) runner = null;
      },
      (err: unknown) => {
        if (runner === started) runner = null;
        if (!stopping) app.log.warn({ err: (err as Error).message }, 'job queue stopped; starting it again');
      },
    );
  };

  return {
    worker: {
      name: 'job-queue',
      intervalMs: 5_000,
      run: async () => {
        if (stopping) return;
        if (runner && failingSince !== null && Date.now() - failingSince >= stalledAfterMs) {
          app.log.warn({ failingForMs: Date.now() - failingSince }, 'job queue could not take a job for a while; starting it again with new connections');
          await discard();
        }
        if (runner) return;
        try {
          await start();
        } catch (err) {
          // Nothing half-made is kept: the next try opens a new pool.
          await discard();
          throw err;
        }
      },
    },
    async stop() {
      stopping = true;
      await discard();
    },
  };
}
