import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run and the migrated database each test file clones. */
    testDatabase: { serverUrl: string; template: string };
  }
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
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when set, otherwise an embedded
 * server in .cache/ started here. The migrations run once, into a template database; each test
 * file gets its own database cloned from it (tests/helpers/database.ts).
 */
/**
 * Test servers of runs that were killed (their setup never tore down): stop their PostgreSQL
 * (its pid in postmaster.pid) and remove them, so they do not pile up in memory and on disk.
 */
async function removeAbandonedServers(cache: string) {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const firstNumber = (file: string) => (existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0);
  for (const name of readdirSync(cache)) {
    if (!name.startsWith('test-postgres-')) continue;
    const dir = join(cache, name);
    // A run starting right now has made its folder but not yet locked it.
    if (Date.now() - statSync(dir).mtimeMs < 60_000) continue;
    const owner = firstNumber(join(dir, 'app.lock'));
    if (owner > 0 && alive(owner)) continue;
    const server = firstNumber(join(dir, 'postgres', 'postmaster.pid'));
    if (server > 0 && alive(server)) {
      process.kill(server, 'SIGINT');
      for (let i = 0; i < 200 && alive(server); i++) await sleep(50);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  let dir: string | undefined;
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    mkdirSync(resolve('.cache'), { recursive: true });
    await removeAbandonedServers(resolve('.cache'));
    dir = mkdtempSync(join(resolve('.cache'), 'test-postgres-'));
    // Thrown away after the run, so durability is not worth its fsyncs here.
    server = await startEmbeddedPostgres({ dataDir: dir, durable: false, log: () => {} });
    serverUrl = server.url;
  }
  const template = `site_template_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir ?? '.' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('testDatabase', { serverUrl, template });

  return async () => {
    await admin(serverUrl, `drop database if exists ${template} with (force)`).catch(() => {});
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
