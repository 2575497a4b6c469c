import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/client';
import { DatabaseStartError } from './db/embedded';
import { importPgliteDataDir } from './db/pglite-import';
import { seedDatabase } from './db/seed';
import { ensureVapidKeys } from './push';
import { createJobQueue } from './jobs/queue';
import { onUnhandledRejection } from './unhandled-rejections';
import { startWorkers } from './workers';

/** The whole shutdown, drain included, ends by then; past it the process exits 1. */
const SHUTDOWN_LIMIT_MS = 15_000;
/** After the drain, requests in flight get what is left of the limit, less 2 s to close the rest. */
const closeDeadlineMs = (drainMs: number) => Math.max(1_000, SHUTDOWN_LIMIT_MS - drainMs - 2_000);

async function main() {
  const started = performance.now();
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // A DATA_DIR from the PGlite days is carried over before anything is seeded, never left behind.
  await importPgliteDataDir({ database, dataDir: config.dataDir, automatic: database.kind === 'embedded' });
  await seedDatabase(database.db);
  // Push notifications' VAPID key pair, made once and kept with the data (decision 0023).
  await ensureVapidKeys(database.db);

  // dist/server/main.js serves dist/client; in development the client comes from Vite instead.
  const here = dirname(fileURLToPath(import.meta.url));
  const clientDir = process.env.CLIENT_DIR ?? join(here, '..', 'client');
  const app = await buildApp({ config, database, clientDir });
  process.on('unhandledRejection', onUnhandledRejection(app.log));
  // The job queue (emails, texts, the timed jobs), kept running through database outages.
  const jobQueue = createJobQueue(app, { databaseUrl: database.url });
  const stopWorkers = startWorkers(app, [jobQueue.worker]);

  // From the signal on, each response closes its connection: a keep-alive client (browsers keep
  // them for minutes) then opens its next request elsewhere instead of on a socket we close.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.isShuttingDown) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (app.lifecycle.isShuttingDown) return;
    app.lifecycle.isShuttingDown = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: /readyz is 503, still answering during the drain');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      const workersStopped = stopWorkers().then(() => jobQueue.stop());
      // The listening socket stays open during the drain: connections the kernel has accepted
      // but Node has not yet taken from its queue would be reset if it closed now.
      await sleep(config.shutdownDrainMs);
      app.log.info('shutting down: no longer accepting; finishing requests in flight');
      // Stops accepting, closes idle keep-alive connections and waits for requests in flight. A
      // client that never finishes sending its request does not hold the exit past the deadline.
      const stuck = setTimeout(() => app.server.closeAllConnections(), closeDeadlineMs(config.shutdownDrainMs));
      stuck.unref();
      await app.close();
      clearTimeout(stuck);
      await workersStopped;
      app.mailer.close();
      // Last, so every request and job above could still write.
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind === 'embedded' ? `PostgreSQL in ${config.dataDir}/postgres` : 'PostgreSQL (DATABASE_URL)',
      payments: config.payments.provider,
      mail: app.mailer.target,
      recaptcha: config.recaptcha ? 'on' : 'off',
      readyInMs: Math.round(performance.now() - started),
    },
    'site ready',
  );
  if (!config.recaptcha) app.log.info('reCAPTCHA is off (RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY unset); forms work without it');
}

main().catch((err) => {
  // A known start-up problem is a sentence for the person starting the site, not a stack trace.
  console.error(err instanceof DatabaseStartError ? err.message : err);
  process.exit(1);
});
