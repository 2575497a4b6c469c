import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { copyTemplate } from './template';

export interface TestDatabase extends Database {
  /** For a Config: the data dir (PGlite) and the URL (PostgreSQL server). */
  dataDir: string;
  databaseUrl?: string;
}

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a new database created on it and dropped
 * on close.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `site_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
    await database.migrate();
    return {
      ...database,
      dataDir,
      databaseUrl: url.toString(),
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  copyTemplate(dataDir);
  const database = await openDatabase({ dataDir });
  // Already migrated in the template; this only checks the journal.
  await database.migrate();
  return {
    ...database,
    dataDir,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
