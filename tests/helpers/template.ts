import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrationsFolder, openDatabase } from '../../src/server/db/client';

/** A migrated PGlite data directory, made once per set of migrations and copied by each test file. */
export function templateDir(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).sort()) if (name.endsWith('.sql')) hash.update(readFileSync(join(folder, name)));
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  return resolve('.cache', `pglite-template-${hash.digest('hex').slice(0, 12)}`);
}

export async function ensureTemplate(): Promise<string> {
  const dir = templateDir();
  if (existsSync(join(dir, 'pglite', 'PG_VERSION'))) return dir;
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  await database.migrate();
  await database.close();
  try {
    renameSync(building, dir);
  } catch {
    // Another process finished the same template first; use theirs.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

export function copyTemplate(target: string): void {
  cpSync(templateDir(), target, { recursive: true });
}
