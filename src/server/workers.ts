import type { FastifyInstance } from 'fastify';
import { deleteExpiredRateLimits } from './db/repositories/rate-limits';
import { deleteAllExpiredSessions } from './db/repositories/sessions';
import { expireHolds, reconcilePayments, sendReminders } from './services/bookings-jobs';
import { paymentDeps } from './services/bookings-payments';
import { retryStuckRefunds } from './services/dashboard';
import { sendDueEmails } from './services/outbox-worker';

export interface Worker {
  name: string;
  intervalMs: number;
  run(app: FastifyInstance): Promise<unknown>;
}

/** Background jobs. Each is safe to run on several instances at once. */
export const WORKERS: Worker[] = [
  {
    name: 'outbox',
    intervalMs: 5_000,
    run: (app) => sendDueEmails({ db: app.db, mailer: app.mailer, now: app.now, from: app.config.mailFrom, log: app.log }),
  },
  {
    name: 'booking-hold-expiry',
    intervalMs: 60_000,
    run: (app) => expireHolds(app.db, app.now()),
  },
  {
    // Stripe only (the demo provider records payments itself); a safety net when webhooks are
    // not configured or one was missed.
    name: 'payment-reconciliation',
    intervalMs: 2 * 60_000,
    run: async (app) => (app.payments.name === 'stripe' ? reconcilePayments(app.db, app.now(), paymentDeps(app)) : null),
  },
  {
    name: 'stuck-refunds',
    intervalMs: 5 * 60_000,
    run: (app) => retryStuckRefunds({ db: app.db, payments: app.payments, now: app.now(), businessEmail: app.config.businessEmail, log: app.log }),
  },
  {
    // Counters whose window has passed and sessions past their expiry are dead weight; without
    // this both tables only grow.
    name: 'expired-rows-cleanup',
    intervalMs: 60 * 60_000,
    run: async (app) => {
      await deleteExpiredRateLimits(app.db, app.now());
      await deleteAllExpiredSessions(app.db, app.now());
    },
  },
  {
    name: 'booking-reminders',
    intervalMs: 5 * 60_000,
    run: (app) => sendReminders(app.db, app.now(), { log: app.log }),
  },
];

/** Starts the jobs on timers; the returned function stops them and waits for runs in flight. */
export function startWorkers(app: FastifyInstance, workers: Worker[] = WORKERS): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const timers = workers.map((worker) => {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const run = worker
        .run(app)
        .catch((err) => app.log.error({ err, worker: worker.name }, 'worker failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    setTimeout(tick, 500).unref();
    const timer = setInterval(tick, worker.intervalMs);
    timer.unref();
    return timer;
  });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
