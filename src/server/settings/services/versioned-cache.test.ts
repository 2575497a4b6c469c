import { describe, expect, it } from 'vitest';
import { createVersionedCache, type SiteVersions } from './versioned-cache';

/** Version counters under the test's control; `down` makes reading them fail, as an outage would. */
function fakeVersions() {
  const state = { content: 1, schedule: 1, down: false };
  const versions: SiteVersions = {
    current: async () => {
      if (state.down) throw new Error('connection refused');
      return { content: state.content, schedule: state.schedule };
    },
    recheck: () => {},
  };
  return { state, versions };
}

/** A thenable that counts how often it runs, as a Drizzle query builder runs its SQL on each await. */
function countingQuery<T>(value: T) {
  const runs = { count: 0 };
  const query = {
    then<R>(onOk: (v: T) => R, onErr?: (e: unknown) => R) {
      runs.count += 1;
      return Promise.resolve(value).then(onOk, onErr);
    },
  };
  return { runs, query: query as unknown as Promise<T> };
}

describe('createVersionedCache', () => {
  it('runs a query builder once per version, however often the value is read', async () => {
    const { state, versions } = fakeVersions();
    const cache = createVersionedCache(versions, 'content');
    const { runs, query } = countingQuery(['a', 'b']);
    for (let i = 0; i < 5; i++) expect(await cache.read('services', () => query)).toEqual(['a', 'b']);
    expect(runs.count).toBe(1);
    state.content += 1;
    expect(await cache.read('services', () => query)).toEqual(['a', 'b']);
    expect(runs.count).toBe(2);
  });

  it('loads again when the tag changes, and not for another version name', async () => {
    const { state, versions } = fakeVersions();
    const cache = createVersionedCache(versions, 'schedule');
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('2026-06-01|', load, 'minute-1')).toBe(1);
    expect(await cache.read('2026-06-01|', load, 'minute-1')).toBe(1);
    expect(await cache.read('2026-06-01|', load, 'minute-2')).toBe(2);
    state.content += 1;
    expect(await cache.read('2026-06-01|', load, 'minute-2')).toBe(2);
    state.schedule += 1;
    expect(await cache.read('2026-06-01|', load, 'minute-2')).toBe(3);
  });

  it('shares one load between concurrent readers and keeps no failed load', async () => {
    const { versions } = fakeVersions();
    const cache = createVersionedCache(versions, 'content');
    let loads = 0;
    const values = await Promise.all(Array.from({ length: 10 }, () => cache.read('k', async () => ++loads)));
    expect(values).toEqual(Array(10).fill(1));
    const failing = createVersionedCache(versions, 'content');
    await expect(failing.read('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await failing.read('k', async () => 'after')).toBe('after');
  });

  it('serves the last copy while the versions cannot be read only when told to', async () => {
    const { state, versions } = fakeVersions();
    const stale = createVersionedCache(versions, 'content', { serveStale: true });
    const strict = createVersionedCache(versions, 'schedule');
    await stale.read('k', async () => 'kept');
    await strict.read('k', async () => 'kept');
    state.down = true;
    expect(await stale.read('k', async () => 'new')).toBe('kept');
    await expect(strict.read('k', async () => 'new')).rejects.toThrow('connection refused');
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const { versions } = fakeVersions();
    const cache = createVersionedCache(versions, 'schedule', { maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('a', load);
    await cache.read('b', load);
    await cache.read('c', load);
    expect(await cache.read('b', load)).toBe(2);
    expect(await cache.read('a', load)).toBe(4);
  });
});
