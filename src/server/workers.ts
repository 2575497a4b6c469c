import type { FastifyInstance } from 'fastify';
import { deleteExpiredPasswordResetTokens, deleteExpiredRateLimits, deleteAllExpiredSessions, deleteExpiredSignInLinks } from './accounts';
import { isDatabaseUnavailable } from './db/errors';
import { expireHolds, reconcilePayments, reconcileRefunds, sendReminders, paymentDeps } from './bookings';
import { syncDueCalendars } from './calendars';
import { requestWaitingReviews, sendInvoiceReminders } from './invoices';
import { finishStaleContactMessages, sendDueEmails, sendDueTexts } from './messaging';
import { deleteFinishedPushEvents } from './push';

/**
 * A job on a schedule. In WORKERS, a recurring job of the job queue (src/server/jobs/queue.ts):
 * every `intervalMs` (whole minutes) one job per tick whatever the number of instances, run by
 * whichever takes it first. Each is also safe to run twice at once, and tests call `run` directly.
 */
export interface Worker {
  name: string;
  intervalMs: number;
  run(app: FastifyInstance): Promise<unknown>;
}

/** Background jobs on a schedule. Emails and texts also have a job each, added with them (see the sweeps). */
export const WORKERS: Worker[] = [
  {
    // Each email has its own job, added in the transaction that queued it; the sweep sends what no
    // job did: an instance killed mid-send (its job stays locked for hours), a restored backup.
    name: 'outbox',
    intervalMs: 60_000,
    run: (app) => sendDueEmails({ db: app.db, mailer: app.mailer, now: app.now, from: app.config.mailFrom, backoffScale: app.config.outboxBackoffScale, log: app.log }),
  },
  {
    // Texts are queued only while Twilio is configured; without it there is nothing to send.
    name: 'sms-outbox',
    intervalMs: 60_000,
    run: async (app) => {
      if (!app.sms || !app.config.twilio) return;
      await sendDueTexts({ db: app.db, sender: app.sms, now: app.now, from: app.config.twilio.from, backoffScale: app.config.outboxBackoffScale, log: app.log });
    },
  },
  {
    name: 'booking-hold-expiry',
    intervalMs: 60_000,
    run: (app) => expireHolds(app.db, app.now()),
  },
  {
    // A safety net when Stripe webhooks are not configured or one was missed, and for the demo
    // provider when the process died between marking a demo payment succeeded and recording the
    // deposit (confirmDemoPayment's two steps): either way the deposit is recorded here.
    name: 'payment-reconciliation',
    intervalMs: 2 * 60_000,
    run: (app) => reconcilePayments(app.db, app.now(), paymentDeps(app)),
  },
  {
    // Both providers: a refund the provider reported pending becomes refunded (or failed) here
    // when its webhook is missed, and an interrupted cancellation's refund is made.
    name: 'refund-reconciliation',
    intervalMs: 5 * 60_000,
    run: (app) => reconcileRefunds(app.db, app.now(), paymentDeps(app)),
  },
  {
    // Counters whose window has passed, sessions, reset and sign-in links past their expiry are dead
    // weight; without this the tables only grow.
    name: 'expired-rows-cleanup',
    intervalMs: 60 * 60_000,
    run: async (app) => {
      await deleteExpiredRateLimits(app.db, app.now());
      await deleteAllExpiredSessions(app.db, app.now());
      await deleteExpiredPasswordResetTokens(app.db, app.now());
      await deleteExpiredSignInLinks(app.db, app.now());
      // Push notices are kept a week after they went out, then dropped with their deliveries.
      await deleteFinishedPushEvents(app.db, new Date(app.now().getTime() - 7 * 24 * 60 * 60_000));
    },
  },
  {
    // Contact messages a crash left between being stored and their bot check's verdict.
    name: 'contact-bot-check-recovery',
    intervalMs: 60_000,
    run: async (app) => {
      const finished = await finishStaleContactMessages(app.db, {
        now: app.now(),
        businessEmail: app.config.businessEmail,
        timeZone: app.config.businessTz,
        isBotCheckOn: app.config.recaptcha !== null,
      });
      if (finished) app.log.warn({ finished }, 'contact messages left unchecked by a crash were let through and emailed');
    },
  },
  {
    name: 'booking-reminders',
    intervalMs: 5 * 60_000,
    run: (app) => sendReminders(app.db, app.now(), { log: app.log, publicUrl: app.config.publicUrl, textsEnabled: app.config.twilio !== null }),
  },
  {
    // Sent, unpaid invoices: a reminder 3 and 7 days after sending, each once (decision 0021).
    name: 'invoice-reminders',
    intervalMs: 15 * 60_000,
    run: (app) => sendInvoiceReminders({ db: app.db, now: app.now(), publicUrl: app.config.publicUrl, textsEnabled: app.config.twilio !== null, log: app.log }),
  },
  {
    // A job's review request waits for its receipt; when the invoice is never sent nor paid, it
    // goes on its own a few days after the job (decision 0021).
    name: 'review-requests-after-jobs',
    intervalMs: 15 * 60_000,
    run: (app) => requestWaitingReviews({ db: app.db, now: app.now(), publicUrl: app.config.publicUrl, textsEnabled: app.config.twilio !== null, log: app.log }),
  },
  {
    // The owner's calendars: each feed is fetched when not tried for 10 minutes; the lease in the
    // database keeps one instance per feed, and a failing feed keeps its last good busy times.
    name: 'calendar-sync',
    intervalMs: 60_000,
    run: (app) => syncDueCalendars({ db: app.db, now: app.now(), timeZone: app.config.businessTz, allowPrivateHosts: app.config.icsAllowPrivateHosts, log: app.log }),
  },
];

/** Longest pause of a worker while the database is out of reach. */
export const MAX_BACKOFF_MS = 30_000;
const TICK_MS = 1_000;

/**
 * Runs in-process loops on timers (in production, the one that keeps the job queue's runner
 * going: src/server/jobs/queue.ts); the returned function stops them and waits for runs in flight.
 * A run that fails is logged and the job keeps its schedule. While the database is out of reach
 * a job waits longer after each failed run (twice its interval, then four times, up to 30 s or
 * its own interval if longer), logs one warning per outage, and runs as usual once it is back.
 */
export function startWorkers(app: FastifyInstance, workers: Worker[]): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const timers = workers.map((worker) => {
    let busy = false;
    let outageRuns = 0;
    let nextRunAt = 0;
    const tick = () => {
      if (busy || stopped || Date.now() < nextRunAt) return;
      busy = true;
      nextRunAt = Date.now() + worker.intervalMs;
      const run = worker
        .run(app)
        .then(
          () => {
            if (outageRuns > 0) app.log.info({ worker: worker.name }, 'worker resumed: the database is back');
            outageRuns = 0;
          },
          (err) => {
            if (!isDatabaseUnavailable(err)) {
              app.log.error({ err, worker: worker.name }, 'worker failed');
              return;
            }
            outageRuns++;
            const pauseMs = Math.min(worker.intervalMs * 2 ** outageRuns, Math.max(worker.intervalMs, MAX_BACKOFF_MS));
            nextRunAt = Date.now() + pauseMs;
            if (outageRuns === 1) app.log.warn({ worker: worker.name, err: (err as Error).message, pauseMs }, 'worker paused: the database is out of reach');
          },
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    setTimeout(tick, 500).unref();
    // A fine tick and a due time rather than a timer per interval, so a pause can be any length.
    const timer = setInterval(tick, Math.min(worker.intervalMs, TICK_MS));
    timer.unref();
    return timer;
  });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
