import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';

export interface TestDatabase extends Database {
  /** For a Config: a data dir of its own (the .eml outbox) and the database's URL. */
  dataDir: string;
  databaseUrl: string;
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: a clone of the run's template database
 * (tests/global-setup.ts) on the run's PostgreSQL server, dropped on close.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const { serverUrl, template } = inject('testDatabase');
  const dataDir = mkdtempSync(join(tmpdir(), 'site-test-'));
  const name = `site_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    ...database,
    dataDir,
    databaseUrl: url.toString(),
    async close() {
      await database.close();
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
