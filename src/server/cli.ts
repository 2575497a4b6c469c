import { resolve } from 'node:path';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { BackupError, backupDatabase, restoreDatabase } from './db/backup';
import { openDatabase } from './db/client';
import { DatabaseStartError, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { OWNER_USAGE, runOwnerCommand } from './owner-command';

/**
 * Operator commands run on the server, against DATA_DIR or DATABASE_URL (as `npm start` would):
 *   backup FILE    a consistent copy while the site takes bookings
 *   restore FILE   brings a backup back into an empty DATA_DIR or database
 *   owner add EMAIL   creates or promotes the owner's account and prints a one-time sign-in link
 *   owner remove EMAIL   makes the owner a customer again
 */
const USAGE = `usage: npm run backup -- FILE | npm run restore -- FILE | ${OWNER_USAGE.replace('usage: ', '')}`;

/** The database the site uses (see main), migrated, for a command that reads and writes rows. */
async function openSiteDatabase(config: ReturnType<typeof loadConfig>) {
  let embedded: EmbeddedPostgres | undefined;
  const url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir) ?? (embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: () => {} })).url;
  try {
    const database = await openDatabase({ databaseUrl: url, dataDir: config.dataDir });
    // A fresh install may get its owner before the first `npm start`.
    await database.migrate().catch(async (err: unknown) => {
      await database.close();
      throw err;
    });
    return {
      db: database.db,
      async close() {
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

async function main(argv: string[]) {
  loadDotEnv();
  const config = loadConfig();
  const [command, file] = argv;
  if (command === 'owner') {
    return runOwnerCommand(argv.slice(1), {
      config,
      now: () => new Date(),
      openDb: () => openSiteDatabase(config),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  }
  if (!file || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 2;
  }
  const path = resolve(file);
  // DATABASE_URL, or the embedded server in DATA_DIR: the running site's, or (site stopped, or
  // an empty DATA_DIR to restore into) one started for this command and stopped after it.
  let embedded: EmbeddedPostgres | undefined;
  const url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir) ?? (embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: () => {} })).url;
  try {
    const started = performance.now();
    if (command === 'backup') {
      const result = await backupDatabase(url, path);
      const what = result.method === 'pg_dump' ? 'pg_dump archive' : `${result.rows} rows in ${result.tables} tables`;
      console.log(`Backup written to ${path} (${what}) in ${Math.round(performance.now() - started)} ms.`);
      return 0;
    }
    const result = await restoreDatabase(url, path, async () => {
      const database = await openDatabase({ databaseUrl: url, dataDir: config.dataDir });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
    });
    console.log(`Restored ${result.rows} rows in ${result.tables} tables from ${path} in ${Math.round(performance.now() - started)} ms.`);
    return 0;
  } finally {
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    // Known problems are a sentence for the operator, not a stack trace.
    console.error(err instanceof BackupError || err instanceof ConfigError || err instanceof DatabaseStartError ? err.message : err);
    process.exit(1);
  },
);
