import type { DbOrTx } from '../db/client';
import { readVersions } from '../db/repositories/settings';

/**
 * What every visitor reads (the gallery, testimonials, services, GET /api/config and the rendered
 * pages) kept in memory until the `content` version in the database changes. Every write that
 * changes what visitors see bumps that version in its own transaction; each instance reads it at
 * most once per `versionTtlMs`, so all of them drop their copies within about that long. While
 * the database is away, the copies last read are served.
 */
export function createContentCache(db: DbOrTx, opts: { versionTtlMs?: number; log?: { warn: (obj: object, msg: string) => void } } = {}) {
  const versionTtlMs = opts.versionTtlMs ?? 1_000;
  let version: { value: number; at: number } = { value: -1, at: -Infinity };
  let pending: { generation: number; read: Promise<number> } | null = null;
  /** Bumped by recheck(): a read of the version that started before it is not trusted after it. */
  let generation = 0;
  const entries = new Map<string, { version: number; value: Promise<unknown> }>();

  /** The content version, read at most once per `versionTtlMs`; concurrent callers share the read. */
  function contentVersion(): Promise<number> {
    if (performance.now() - version.at < versionTtlMs) return Promise.resolve(version.value);
    if (pending && pending.generation === generation) return pending.read;
    const started = generation;
    const read = readVersions(db)
      .then((v) => {
        if (started === generation) version = { value: v.content, at: performance.now() };
        return v.content;
      })
      .finally(() => {
        if (pending?.read === read) pending = null;
      });
    pending = { generation: started, read };
    return read;
  }

  /**
   * A write on this instance may have changed the content: the next read asks the database for
   * the version again, so the owner sees their own change at once (other instances within
   * `versionTtlMs`).
   */
  function recheck(): void {
    generation += 1;
    version = { ...version, at: -Infinity };
  }

  /**
   * `load()`'s value for `key` at the current content version: loaded once per version and shared
   * by concurrent callers. A failed load is not kept (the last good value serves meanwhile); with
   * the version unreadable, the last value is served as it was.
   */
  async function read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key) as { version: number; value: Promise<T> } | undefined;
    let current: number;
    try {
      current = await contentVersion();
    } catch (err) {
      if (!hit) throw err;
      opts.log?.warn({ err, key }, 'content version unreadable: serving the copy last read');
      return hit.value;
    }
    if (hit && hit.version === current) return hit.value;
    const attempt = load();
    const entry = { version: current, value: attempt };
    entries.set(key, entry);
    attempt.catch(() => {
      if (entries.get(key) !== entry) return;
      if (hit) entries.set(key, hit);
      else entries.delete(key);
    });
    if (!hit) return attempt;
    return attempt.catch((err: unknown) => {
      opts.log?.warn({ err, key }, 'content read failed: serving the copy last read');
      return hit.value;
    });
  }

  return { read, contentVersion, recheck };
}

export type ContentCache = ReturnType<typeof createContentCache>;
