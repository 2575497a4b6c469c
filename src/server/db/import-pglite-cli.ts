// `npm run db:import-pglite`: copies DATA_DIR/pglite (the database of the PGlite days) into the
// database the site uses: its embedded server in DATA_DIR, or the DATABASE_URL server when set.
// The site does the same by itself at its first start on the embedded server.
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { openDatabase } from './client';
import { DatabaseStartError } from './embedded';
import { hasPgliteDatabase, importPgliteDataDir } from './pglite-import';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (!hasPgliteDatabase(config.dataDir)) {
    console.log(`Nothing to import: there is no PGlite database in ${config.dataDir}/pglite.`);
    return;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const result = await importPgliteDataDir({ database, dataDir: config.dataDir, automatic: true, log: (msg) => console.log(msg) });
    if (result) console.log(`Done: ${result.rows} rows in ${result.tables} tables.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof DatabaseStartError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
