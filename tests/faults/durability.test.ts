import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer } from '../helpers/server-process';
import { FAULT_ENV, builtMainJs, connectEmbedded, embeddedLayoutIn, postmasterInfo, privateFilesIn, makeDataDir, removeDataDir } from './support';

/**
 * What the running embedded server keeps (DESIGN.md section 1): every commit forced to disk,
 * read back from the server itself, connecting as the app does. Also where it listens: only a
 * Unix socket in DATA_DIR or loopback.
 */


let dataDir: string | undefined;
afterAll(() => {
  killAllServers();
  if (dataDir) removeDataDir(dataDir);
});

describe('the embedded server keeps what it acknowledges', () => {
  it('runs with fsync, full_page_writes and synchronous_commit on, listening only locally', async () => {
    const mainJs = await builtMainJs();
    dataDir = makeDataDir('durable');
    const server = await startServer({ mainJs, dataDir, env: FAULT_ENV });
    expect(embeddedLayoutIn(dataDir), `${dataDir}/postgres/PG_VERSION`).toBe(true);
    // The password lives in a file only its owner can read.
    expect(privateFilesIn(dataDir).length, `an owner-only (0600) password file in ${dataDir}`).toBeGreaterThan(0);

    const db = await connectEmbedded(dataDir);
    try {
      const show = async (name: string) => (await db.query<Record<string, string>>(`show ${name}`)).rows[0][name];
      expect({ fsync: await show('fsync'), full_page_writes: await show('full_page_writes'), synchronous_commit: await show('synchronous_commit') }).toEqual({
        fsync: 'on',
        full_page_writes: 'on',
        synchronous_commit: 'on',
      });
      expect(resolve(await show('data_directory'))).toBe(resolve(dataDir, 'postgres'));
      const listen = (await show('listen_addresses')).split(',').map((a) => a.trim()).filter(Boolean);
      expect(listen.every((a) => ['localhost', '127.0.0.1', '::1'].includes(a)), `listen_addresses = ${listen.join(',')}`).toBe(true);
      const socketDir = postmasterInfo(dataDir)?.socketDir;
      if (socketDir) expect(statSync(socketDir).isDirectory()).toBe(true);
    } finally {
      await db.end();
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
