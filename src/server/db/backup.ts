import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { BackupError, createPrivateFile, exportDatabase, restoreExport, userTableRowCounts, withClient } from './backup-export';

export { BACKUP_FORMAT, BackupError } from './backup-export';

/**
 * Backups of the whole database while the site keeps taking bookings.
 *
 * Two formats, told apart by their first bytes:
 * - pg_dump's custom archive ("PGDMP"), used when a `pg_dump` on the PATH is at least as new as
 *   the server (pg_dump refuses older-than-server dumps, and the embedded server ships none);
 * - the app's own export otherwise: gzip'd lines, one JSON object per row (`row_to_json`, so
 *   every type round-trips through PostgreSQL's own text forms), with `#`-prefixed header lines
 *   per table and a closing line that proves the file is whole.
 *
 * Both read one snapshot (pg_dump's own, and the export inside one REPEATABLE READ READ ONLY
 * transaction), which never blocks the site's writers: a booking acknowledged before the backup
 * began is in it, one committed during the backup is either wholly in it or not at all.
 * (SERIALIZABLE DEFERRABLE was tried: it waits for every serializable writer on the server,
 * seconds to minutes on a busy shared server, for an anomaly a backup cannot show.)
 */

export type BackupMethod = 'auto' | 'pg_dump' | 'export';

function majorOf(versionText: string): number | null {
  const m = /(\d+)(?:\.\d+)?/.exec(versionText);
  return m ? Number(m[1]) : null;
}

/**
 * The connection for pg_dump / pg_restore: the URL without its password, and the password in
 * their environment (PGPASSWORD). A command line is readable by every user of the machine
 * (`ps`); a process's environment only by its own user.
 */
export function clientToolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : parsed.searchParams.get('password');
  parsed.password = '';
  parsed.searchParams.delete('password');
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The pg_dump / pg_restore on the PATH, if one can read this server. */
function usableClientTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): boolean {
  const res = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (res.status !== 0) return false;
  const major = majorOf(res.stdout.replace(/^[^)]*\)\s*/, ''));
  return major !== null && major >= serverMajor;
}

async function serverMajor(url: string): Promise<number> {
  return withClient(url, async (c) => Math.floor(Number((await c.query('show server_version_num')).rows[0].server_version_num) / 10_000));
}

/**
 * Writes a consistent backup of the database at `url` to `file` (written beside it, then renamed,
 * so a failed backup never leaves a file that looks whole). Returns the method used.
 */
export async function backupDatabase(url: string, file: string, opts: { method?: BackupMethod } = {}): Promise<{ method: 'pg_dump' | 'export'; tables: number; rows: number }> {
  const method = opts.method ?? 'auto';
  const partial = `${file}.partial-${process.pid}`;
  try {
    if (method === 'pg_dump' || (method === 'auto' && usableClientTool('pg_dump', await serverMajor(url)))) {
      const { dbname, env } = clientToolConnection(url);
      // pg_dump writes into the file as it is, so the archive is never readable by others.
      createPrivateFile(partial);
      const res = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`], { encoding: 'utf8', env });
      if (res.status !== 0) throw new BackupError(`pg_dump failed: ${res.stderr.trim() || res.error?.message}`);
      renameSync(partial, file);
      return { method: 'pg_dump', tables: 0, rows: 0 };
    }
    const counts = await exportDatabase(url, partial);
    renameSync(partial, file);
    return { method: 'export', ...counts };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

function startsWith(file: string, magic: Buffer): boolean {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(magic.length);
    const n = readSync(fd, buf, 0, magic.length, 0);
    return n === magic.length && buf.equals(magic);
  } finally {
    closeSync(fd);
  }
}

/**
 * Brings a backup back into an empty database. `migrate` brings the empty database to the
 * code's schema before the app's own export is loaded (pg_dump archives carry their schema, so
 * they need a database with no tables at all). Everything loads in one transaction: a restore
 * that fails leaves the database as it was.
 */
export async function restoreDatabase(url: string, file: string, migrate: () => Promise<void>): Promise<{ method: 'pg_dump' | 'export'; tables: number; rows: number }> {
  if (startsWith(file, Buffer.from('PGDMP'))) {
    const existing = await withClient(url, userTableRowCounts);
    if (existing.tables > 0) throw new BackupError('This backup was made with pg_dump and restores only into a database with no tables: use a new, empty DATA_DIR or database.');
    if (!usableClientTool('pg_restore', await serverMajor(url))) throw new BackupError('This backup was made with pg_dump; restoring it needs pg_restore of the same or a newer PostgreSQL version on the PATH.');
    const { dbname, env } = clientToolConnection(url);
    const res = spawnSync('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file], { encoding: 'utf8', env });
    if (res.status !== 0) throw new BackupError(`pg_restore failed: ${res.stderr.trim()}`);
    return { method: 'pg_dump', ...(await withClient(url, userTableRowCounts)) };
  }
  if (!startsWith(file, Buffer.from([0x1f, 0x8b]))) throw new BackupError(`${file} is not a backup made by npm run backup.`);

  await migrate();
  return restoreExport(url, file);
}
