import { spawnSync } from 'node:child_process';
import { chmodSync, createReadStream, createWriteStream, openSync, readSync, closeSync, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';

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

export const BACKUP_FORMAT = 'westside-assembly-backup';
const FORMAT_VERSION = 1;
const BATCH_ROWS = 500;

export type BackupMethod = 'auto' | 'pg_dump' | 'export';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  serverVersion: string;
  /** Hashes of the migrations applied in the backed-up database, oldest first. */
  migrations: string[];
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a dropped connection surfaces as the failing query's error
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Public tables, each after the tables its foreign keys point to. */
async function tablesInDependencyOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const e of edges) if (e.child === name) visit(e.parent, path);
    placed.add(name);
    ordered.push(name);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered;
}

async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists.rows[0].t) return [];
  const { rows } = await client.query<{ hash: string }>(`select hash from drizzle.__drizzle_migrations order by id`);
  return rows.map((r) => r.hash);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

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

/** An empty file only its owner can read or write (a backup holds every account and booking). */
function createPrivateFile(file: string) {
  closeSync(openSync(file, 'w', 0o600));
  // A leftover file of that name keeps its mode through open: set it.
  chmodSync(file, 0o600);
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

async function exportDatabase(url: string, file: string): Promise<{ tables: number; rows: number }> {
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const header: Header = {
        format: BACKUP_FORMAT,
        version: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        serverVersion: (await client.query('show server_version')).rows[0].server_version,
        migrations: await appliedMigrations(client),
      };
      const tables = await tablesInDependencyOrder(client);
      let rows = 0;
      async function* lines() {
        yield `#${JSON.stringify(header)}\n`;
        for (const table of tables) {
          const { rows: cols } = await client.query<{ name: string }>(
            `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
            [quoteIdent(table)],
          );
          yield `#${JSON.stringify({ table, columns: cols.map((c) => c.name) })}\n`;
          await client.query(`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${quoteIdent(table)} t`);
          let count = 0;
          for (;;) {
            const batch = await client.query<{ j: string }>(`fetch ${BATCH_ROWS} from backup_rows`);
            if (batch.rows.length === 0) break;
            count += batch.rows.length;
            yield batch.rows.map((r) => r.j).join('\n') + '\n';
          }
          await client.query('close backup_rows');
          rows += count;
          yield `#${JSON.stringify({ end: table, rows: count })}\n`;
        }
        yield `#${JSON.stringify({ done: true, tables: tables.length, rows })}\n`;
      }
      createPrivateFile(file);
      await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
      await client.query('commit');
      return { tables: tables.length, rows };
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  });
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

async function userTableRowCounts(client: pg.ClientBase): Promise<{ tables: number; rows: number }> {
  const tables = await tablesInDependencyOrder(client);
  let rows = 0;
  for (const t of tables) rows += Number((await client.query(`select count(*)::int as n from ${quoteIdent(t)}`)).rows[0].n);
  return { tables: tables.length, rows };
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
  return withClient(url, async (client) => {
    const existing = await userTableRowCounts(client);
    if (existing.rows > 0) throw new BackupError(`The target database already holds ${existing.rows} rows: restore only into an empty DATA_DIR or database.`);
    const codeMigrations = await appliedMigrations(client);
    let header: Header | null = null;
    let table: string | null = null;
    let columns: string[] = [];
    let pending: string[] = [];
    let rows = 0;
    let tables = 0;
    let done = false;
    const flush = async () => {
      if (!table || pending.length === 0) return;
      const cols = columns.map(quoteIdent).join(', ');
      await client.query(`insert into ${quoteIdent(table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${quoteIdent(table)}, $1::json)`, [`[${pending.join(',')}]`]);
      rows += pending.length;
      pending = [];
    };

    await client.query('begin');
    // Made right before it is read: readline emits lines as the file flows, and lines (or the
    // close) emitted while nothing listens, e.g. during an await, are lost.
    const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    try {
      for await (const line of input) {
        if (!line) continue;
        if (line.startsWith('#')) {
          const meta = JSON.parse(line.slice(1));
          if (!header) {
            if (meta.format !== BACKUP_FORMAT || meta.version !== FORMAT_VERSION) throw new BackupError(`${file} is not a backup this version can read.`);
            header = meta as Header;
            const known = header.migrations.every((h, i) => codeMigrations[i] === h);
            if (!known || header.migrations.length > codeMigrations.length) {
              throw new BackupError('This backup was made by a newer version of the site (its database has migrations this code does not know). Restore it with that version.');
            }
          } else if (meta.table) {
            await flush();
            table = meta.table as string;
            const { rows: current } = await client.query<{ name: string }>(
              `select attname as name from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped and attgenerated = ''`,
              [quoteIdent(table)],
            );
            if (current.length === 0) throw new BackupError(`The backup holds a table "${table}" this version does not have.`);
            const here = new Set(current.map((c) => c.name));
            // Columns added by later migrations are absent from the backup and take their defaults.
            columns = (meta.columns as string[]).filter((c) => here.has(c));
            tables += 1;
          } else if (meta.end) {
            await flush();
            table = null;
          } else if (meta.done) {
            if (meta.rows !== rows) throw new BackupError(`The backup says ${meta.rows} rows but holds ${rows}.`);
            done = true;
          }
          continue;
        }
        if (!table) throw new BackupError(`${file} is damaged: a row outside any table.`);
        pending.push(line);
        if (pending.length >= BATCH_ROWS) await flush();
      }
      if (!done) throw new BackupError(`${file} is incomplete (it has no closing line): the backup that wrote it did not finish.`);
      // Serial ids continue after the restored rows.
      const { rows: sequences } = await client.query<{ tbl: string; col: string; seq: string }>(
        `select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
           from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
      );
      for (const s of sequences) {
        await client.query(`select setval($1, coalesce((select max(${quoteIdent(s.col)}) from ${quoteIdent(s.tbl)}), 1), (select count(*) > 0 from ${quoteIdent(s.tbl)}))`, [s.seq]);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
    return { method: 'export', tables, rows };
  });
}
