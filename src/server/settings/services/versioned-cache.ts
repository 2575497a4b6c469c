import type { DbOrTx } from '../../db/client';
import { readVersions, type VersionName } from '../repositories/settings';

type Versions = Record<VersionName, number>;
type Log = { warn: (obj: object, msg: string) => void };

/**
 * The database's version counters (`site_versions`): `content` is bumped by every write that
 * changes what visitors see, `schedule` by every change to what availability is computed from
 * (triggers, migration 0009). Each instance reads them at most once per `ttlMs`, so its caches
 * drop what another instance changed within about that long; concurrent callers share one read.
 */
export function createSiteVersions(db: DbOrTx, opts: { ttlMs?: number } = {}) {
  const ttlMs = opts.ttlMs ?? 1_000;
  let last: { value: Versions; at: number } | null = null;
  let pending: { generation: number; read: Promise<Versions> } | null = null;
  /** Bumped by recheck(): a read of the versions that started before it is not trusted after it. */
  let generation = 0;

  function current(): Promise<Versions> {
    if (last && performance.now() - last.at < ttlMs) return Promise.resolve(last.value);
    if (pending && pending.generation === generation) return pending.read;
    const started = generation;
    const read = readVersions(db)
      .then((value) => {
        if (started === generation) last = { value, at: performance.now() };
        return value;
      })
      .finally(() => {
        if (pending?.read === read) pending = null;
      });
    pending = { generation: started, read };
    return read;
  }

  /**
   * A write on this instance may have changed something: the next read asks the database again,
   * so whoever made the change sees it at once (other instances within `ttlMs`).
   */
  function recheck(): void {
    generation += 1;
    last = null;
  }

  return { current, recheck };
}

export type SiteVersions = ReturnType<typeof createSiteVersions>;

interface Entry {
  version: number;
  tag: string;
  value: Promise<unknown>;
}

/**
 * Values loaded from the database, each kept until the named version changes (or, when the caller
 * passes a `tag`, until the tag does: the minute a day's availability was computed for). Loaded
 * once per version and shared by concurrent callers; a failed load is not kept. With
 * `serveStale`, the last good value serves while the database is away; otherwise the error goes
 * to the caller. At most `maxEntries` keys are kept, the oldest dropped first.
 */
export function createVersionedCache(versions: SiteVersions, name: VersionName, opts: { serveStale?: boolean; maxEntries?: number; log?: Log } = {}) {
  const maxEntries = opts.maxEntries ?? 1_000;
  const entries = new Map<string, Entry>();

  function keep(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  async function read<T>(key: string, load: () => Promise<T>, tag = ''): Promise<T> {
    let version: number;
    try {
      version = (await versions.current())[name];
    } catch (err) {
      const hit = entries.get(key);
      if (!hit || !opts.serveStale) throw err;
      opts.log?.warn({ err, key }, `${name} version unreadable: serving the copy last read`);
      return hit.value as Promise<T>;
    }
    // Looked up after the version read, so concurrent readers of a new version share one load
    // (and a reader that saw an older version takes the newer copy rather than replacing it).
    const hit = entries.get(key);
    if (hit && hit.version >= version && hit.tag === tag) return hit.value as Promise<T>;
    // Settled once into a real promise: a query builder is a thenable that runs its SQL again on
    // every await, so keeping it would keep nothing.
    const attempt = (async () => await load())();
    const entry = { version, tag, value: attempt };
    keep(key, entry);
    attempt.catch(() => {
      if (entries.get(key) !== entry) return;
      if (hit) entries.set(key, hit);
      else entries.delete(key);
    });
    if (!hit || !opts.serveStale) return attempt;
    return attempt.catch((err: unknown) => {
      opts.log?.warn({ err, key }, `${name} read failed: serving the copy last read`);
      return hit.value as Promise<T>;
    });
  }

  return { read };
}

export type VersionedCache = ReturnType<typeof createVersionedCache>;
