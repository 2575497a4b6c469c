import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './db/errors';

/**
 * What to do with a promise rejection nobody handled. Node's default ends the process, which is
 * right for a bug. But Graphile Worker 0.16's runner chains `.finally()` on its cron and worker
 * promises and leaves those chains unhandled: when the database goes away under its cron loop,
 * the lost connection's error (EPIPE, ECONNRESET, …) escapes there and would take the whole site
 * down with it, while the queue itself is restarted by startWorkers. A lost database connection
 * is logged and survived; anything else still ends the process, as before.
 */
export function onUnhandledRejection(log: FastifyBaseLogger, exit: (code: number) => void = process.exit) {
  return (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: (reason as Error)?.message }, 'a lost database connection went unhandled in a background job; the job queue starts again');
      return;
    }
    log.fatal({ err: reason }, 'unhandled promise rejection; exiting');
    exit(1);
  };
}
