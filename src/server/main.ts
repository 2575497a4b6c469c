import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { DataDirInUseError, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { startWorkers } from './workers';

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
  await seedDatabase(database.db);

  // dist/server/main.js serves dist/client; in development the client comes from Vite instead.
  const here = dirname(fileURLToPath(import.meta.url));
  const clientDir = process.env.CLIENT_DIR ?? join(here, '..', 'client');
  const app = await buildApp({ config, database, clientDir });
  const stopWorkers = startWorkers(app);

  let closing = false;
  // A keep-alive connection would hold app.close() open until the client drops it (browsers
  // wait minutes, past the forced exit below): while closing, each response closes its connection.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await stopWorkers();
      app.mailer.close();
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
      database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
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
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
