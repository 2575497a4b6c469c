import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../../src/server/db/client';

/**
 * A scratch database for testing one migration on data a live site has: applied by hand, one
 * committed migration at a time, so rows can be written between them. Dropped by `drop()`.
 */
export interface MigrationDatabase {
  client: pg.Client;
  /** Applies one migration (its statements split where drizzle-kit marks them). */
  run(tag: string): Promise<void>;
  /** Applies every migration of the journal that comes before `tag`. */
  runBefore(tag: string): Promise<void>;
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export async function openMigrationDatabase(serverUrl: string): Promise<MigrationDatabase> {
  const name = `site_migrate_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const run = async (tag: string) => {
    const sql = readFileSync(join(migrationsFolder(), `${tag}.sql`), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) if (statement.trim()) await client.query(statement);
  };
  return {
    client,
    run,
    async runBefore(tag) {
      const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const tags = journal.entries.map((e) => e.tag);
      if (!tags.includes(tag)) throw new Error(`no migration ${tag} in the journal`);
      for (const earlier of tags.slice(0, tags.indexOf(tag))) await run(earlier);
    },
    async drop() {
      await client.end();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
