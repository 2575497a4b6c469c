import { chmodSync, closeSync, createReadStream, createWriteStream, openSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';

// The app's own backup format (backup.ts says when it is used and what a snapshot guarantees):
// gzip'd lines, one JSON object per row, `#` lines for the header, each table and the close.

export const BACKUP_FORMAT = 'westside-assembly-backup';
const FORMAT_VERSION = 1;
const BATCH_ROWS = 500;

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

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
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
export async function tablesInDependencyOrder(client: pg.ClientBase): Promise<string[]> {
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

export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists.rows[0].t) return [];
  const { rows } = await client.query<{ hash: string }>(`select hash from drizzle.__drizzle_migrations order by id`);
  return rows.map((r) => r.hash);
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** An empty file only its owner can read or write (a backup holds every account and booking). */
export function createPrivateFile(file: string) {
  closeSync(openSync(file, 'w', 0o600));
  // A leftover file of that name keeps its mode through open: set it.
  chmodSync(file, 0o600);
}

export async function userTableRowCounts(client: pg.ClientBase): Promise<{ tables: number; rows: number }> {
  const tables = await tablesInDependencyOrder(client);
  let rows = 0;
  for (const t of tables) rows += Number((await client.query(`select count(*)::int as n from ${quoteIdent(t)}`)).rows[0].n);
  return { tables: tables.length, rows };
}

export async function exportDatabase(url: string, file: string): Promise<{ tables: number; rows: number }> {
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

/**
 * Loads the app's own export into a database migrated to the code's schema and holding no rows,
 * in one transaction (see restoreDatabase).
 */
export async function restoreExport(url: string, file: string): Promise<{ method: 'export'; tables: number; rows: number }> {
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
