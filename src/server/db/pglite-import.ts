import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database, type Db } from './client';
import { DatabaseStartError } from './embedded';

/**
 * Carries a DATA_DIR from the PGlite days (DATA_DIR/pglite) over to the PostgreSQL server, once:
 * every row of every table, in foreign-key order, then each sequence where it stood. Both sides
 * are first migrated to the same schema with the committed migrations. The old folder is then
 * renamed to pglite.imported-<date>, so it is not imported again and stays as a copy.
 */

type Log = (msg: string, extra?: Record<string, unknown>) => void;
// Pino's numeric levels, so these lines read like the app's own log.
const defaultLog: Log = (msg, extra) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg, ...extra }));

interface PgliteClient {
  query<T>(query: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

export interface PgliteImportResult {
  tables: number;
  rows: number;
  /** Where the PGlite folder went. */
  keptAs: string;
}

/** Rows per INSERT: bounded so a table of uploaded images does not become one huge statement. */
const BATCH_BYTES = 8 * 1024 * 1024;

export function hasPgliteDatabase(dataDir: string): boolean {
  return existsSync(join(resolve(dataDir), 'pglite', 'PG_VERSION'));
}

async function loadPglite() {
  try {
    return await import('@electric-sql/pglite');
  } catch {
    throw new DatabaseStartError(
      'This DATA_DIR holds a PGlite database to carry over, and reading it needs the @electric-sql/pglite package, which is not installed ' +
        '(it is a development dependency now). Run `npm install --no-save @electric-sql/pglite@0.5` (or plain `npm ci` without --omit=dev), then start again.',
    );
  }
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Public tables with their columns (generated ones left out) and the tables they reference. */
const TABLES_QUERY = `
  select c.relname as name,
         coalesce((select json_agg(a.attname order by a.attnum) from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '[]') as columns,
         coalesce((select json_agg(distinct r.relname) from pg_constraint f join pg_class r on r.oid = f.confrelid
                   where f.conrelid = c.oid and f.contype = 'f'), '[]') as refs
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
  order by c.relname`;

interface TableInfo {
  name: string;
  columns: string[];
  refs: string[];
}

const asArray = (v: unknown): string[] => (typeof v === 'string' ? JSON.parse(v) : (v as string[]));

/** Referenced tables before the tables that reference them. */
function foreignKeyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: TableInfo[] = [];
  const visit = (t: TableInfo, path: Set<string>) => {
    if (done.has(t.name) || path.has(t.name)) return;
    path.add(t.name);
    for (const ref of t.refs) if (ref !== t.name && byName.has(ref)) visit(byName.get(ref)!, path);
    done.add(t.name);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Copies every row and sequence of the PGlite database into `target`, in one transaction. Returns the row count. */
async function copyAll(source: PgliteClient, target: Db): Promise<{ tables: number; rows: number }> {
  const tables = foreignKeyOrder(
    (await source.query<TableInfo>(TABLES_QUERY)).rows.map((t) => ({ name: t.name, columns: asArray(t.columns), refs: asArray(t.refs) })),
  );
  const targetTables = new Map(
    (await rowsOf<TableInfo>(target, sql.raw(TABLES_QUERY))).map((t) => [t.name, { name: t.name, columns: asArray(t.columns), refs: asArray(t.refs) }]),
  );
  for (const t of tables) {
    const other = targetTables.get(t.name);
    if (!other || other.columns.join() !== t.columns.join()) {
      throw new DatabaseStartError(`The PGlite table ${t.name} does not match the same table in PostgreSQL after migrating both; nothing was imported.`);
    }
  }
  let rows = 0;
  await target.transaction(async (tx) => {
    // A copy, exact to the version counters: the schedule triggers (migration 0009) are told this
    // transaction has bumped already. Nothing can have cached the empty database's schedule.
    await tx.execute(sql`select set_config('app.schedule_bumped', 'yes', true)`);
    for (const t of tables) {
      const [{ n }] = await rowsOf<{ n: number }>(tx as unknown as Db, sql.raw(`select count(*)::int as n from ${ident(t.name)}`));
      if (n > 0) {
        throw new DatabaseStartError(
          `The PostgreSQL database already has data (table ${t.name}), so the PGlite database was not imported into it. ` +
            'Import into an empty database, or move DATA_DIR/pglite away if its data is already there.',
        );
      }
    }
    for (const t of tables) {
      const columns = t.columns.map(ident).join(', ');
      // JSON carries every type through its text form (bytea as \x hex, timestamps with their offset).
      const all = (await source.query<{ r: string }>(`select row_to_json(t)::text as r from ${ident(t.name)} t order by ctid`)).rows.map((x) => x.r);
      // A table that references itself goes in one statement, so each row finds the one it references.
      const selfReferencing = t.refs.includes(t.name);
      for (let start = 0; start < all.length; ) {
        let end = start;
        let bytes = 0;
        while (end < all.length && (selfReferencing || end === start || bytes + all[end].length < BATCH_BYTES)) bytes += all[end++].length;
        const json = `[${all.slice(start, end).join(',')}]`;
        await tx.execute(
          sql`insert into ${sql.raw(ident(t.name))} (${sql.raw(columns)}) overriding system value select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(ident(t.name))}, ${json}::json)`,
        );
        start = end;
      }
      rows += all.length;
    }
    const sequences = (
      await source.query<{ name: string; last_value: string | null; start_value: string }>(
        `select sequencename as name, last_value::text, start_value::text from pg_sequences where schemaname = 'public'`,
      )
    ).rows;
    for (const s of sequences) {
      await tx.execute(sql`select setval(${ident(s.name)}, ${s.last_value ?? s.start_value}::bigint, ${s.last_value !== null})`);
    }
  });
  return { tables: tables.length, rows };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Imports DATA_DIR/pglite into `database` when it is there. `automatic` (the embedded server at
 * start-up) imports; otherwise (DATABASE_URL at start-up) it only says how, since that server may
 * have been in use long since. Returns null when there is nothing to import.
 */
export async function importPgliteDataDir(opts: { database: Database; dataDir: string; automatic?: boolean; log?: Log; now?: Date }): Promise<PgliteImportResult | null> {
  const log = opts.log ?? defaultLog;
  const dataDir = resolve(opts.dataDir);
  if (!hasPgliteDatabase(dataDir)) return null;
  const dir = join(dataDir, 'pglite');
  if (opts.automatic === false) {
    log(`${dir} holds a PGlite database that is not imported while DATABASE_URL is set; run npm run db:import-pglite to copy it into that database`);
    return null;
  }
  const lockFile = join(dataDir, 'pglite.lock');
  if (existsSync(lockFile)) {
    const holder = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseStartError(`An earlier version of the site (pid ${holder}) is still running on the PGlite database in ${dir}. Stop it, then start again to carry its data over.`);
    }
  }

  log(`importing the PGlite database from ${dir}`);
  const started = performance.now();
  const { PGlite } = await loadPglite();
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const source = await PGlite.create(dir);
  let counts;
  try {
    // Bring an older PGlite database up to the schema the server has.
    await migrate(drizzle(source), { migrationsFolder: migrationsFolder() });
    await opts.database.migrate();
    counts = await copyAll(source as unknown as PgliteClient, opts.database.db);
  } finally {
    await source.close();
  }

  const date = (opts.now ?? new Date()).toISOString().slice(0, 10);
  let keptAs = join(dataDir, `pglite.imported-${date}`);
  for (let i = 2; existsSync(keptAs); i++) keptAs = join(dataDir, `pglite.imported-${date}-${i}`);
  renameSync(dir, keptAs);
  rmSync(lockFile, { force: true });
  log(`imported the PGlite database: ${counts.rows} rows in ${counts.tables} tables; the old folder is kept as ${keptAs}`, {
    ms: Math.round(performance.now() - started),
  });
  return { ...counts, keptAs };
}
