import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { sessionAs } from '../helpers/accounts';
import { killAllServers, startServer } from '../helpers/server-process';
import { FAULT_ENV, builtMainJs, connectAppDatabase, json, makeDataDir, removeDataDir, send } from './support';

/**
 * Legal calendar feeds under the 5 MB fetch cap that cost ical.js far more memory than their
 * size, against the built server under `npm start`'s heap cap: each is that feed's error on the
 * owner's Schedule screen, and the server and the other feeds go on. The normal feed also shows
 * the build carries the parsing worker (dist/server/calendar-parse-worker.js).
 */

const HEAP_FLAGS = '--max-old-space-size=192 --max-semi-space-size=8';
const HEAD = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n';
/** One event with a million one-letter properties (4.8 MB). */
const TINY_PROPERTIES = `${HEAD}BEGIN:VEVENT\r\nUID:tiny@example.com\r\nDTSTART:20261015T170000Z\r\nDTEND:20261015T180000Z\r\n${'X:1\r\n'.repeat(1_000_000)}END:VEVENT\r\nEND:VCALENDAR\r\n`;
/** A weekly event excluding 290,000 dates on one line (4.9 MB in 12 lines). */
const EXDATES = `${HEAD}BEGIN:VEVENT\r\nUID:exdates@example.com\r\nDTSTART:20261005T170000Z\r\nDTEND:20261005T180000Z\r\nRRULE:FREQ=WEEKLY\r\nEXDATE:${Array.from(
  { length: 290_000 },
  (_, i) => `${new Date(Date.UTC(2000, 0, 1) + i * 3_600_000).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
).join(',')}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

const feeds: Record<string, string> = {
  '/normal.ics': readFileSync(new URL('../fixtures/ics/one-appointment.ics', import.meta.url), 'utf8'),
  '/tiny-properties.ics': TINY_PROPERTIES,
  '/exdates.ics': EXDATES,
};

let dataDir: string | undefined;
let db: pg.Client | undefined;
let feedServer: Server | undefined;
afterAll(async () => {
  await db?.end();
  killAllServers();
  feedServer?.closeAllConnections();
  await new Promise((resolve) => (feedServer ? feedServer.close(resolve) : resolve(undefined)));
  if (dataDir) removeDataDir(dataDir);
});

describe('a calendar feed too large to read, on the built server with its heap cap', () => {
  it('is that feed’s error while the server answers and a normal feed is read through the worker', async () => {
    for (const text of [TINY_PROPERTIES, EXDATES]) expect(Buffer.byteLength(text)).toBeLessThan(5 * 1024 * 1024);
    feedServer = createServer((req, res) => {
      const body = feeds[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/calendar' });
      res.end(body ?? '');
    });
    await new Promise<void>((resolve) => feedServer!.listen(0, '127.0.0.1', resolve));
    const feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;

    const mainJs = await builtMainJs();
    dataDir = makeDataDir('calendar');
    const server = await startServer({ mainJs, dataDir, env: { ...FAULT_ENV, NODE_OPTIONS: HEAP_FLAGS, ICS_ALLOW_PRIVATE_HOSTS: 'true' } });
    db = await connectAppDatabase(dataDir);
    const { cookie } = await sessionAs(drizzle(db, { schema }) as unknown as Db, 'admin');
    const addFeed = (name: string, path: string) => send(server.url, 'POST', '/api/admin/calendars', { name, url: `${feedBase}${path}` }, { headers: { cookie }, timeoutMs: 60_000 });

    const normal = await addFeed('Personal', '/normal.ics');
    expect(normal.kind === 'response' && normal.status, server.output()).toBe(201);
    expect(json(normal)).toMatchObject({ eventCount: 1, lastError: null });

    const tiny = await addFeed('Tiny properties', '/tiny-properties.ics');
    expect(json(tiny), server.output()).toMatchObject({ eventCount: 0, lastError: 'This calendar is too large to read (more than 300,000 lines).' });

    const exdates = await addFeed('Excluded dates', '/exdates.ics');
    expect(json(exdates), server.output()).toMatchObject({ eventCount: 0, lastError: 'This calendar is too large to read (it needs more than 128 MB of memory).' });

    expect(server.isAlive(), server.output()).toBe(true);
    const ready = await send(server.url, 'GET', '/readyz');
    expect(ready.kind === 'response' && ready.status).toBe(200);
    const again = await send(server.url, 'POST', `/api/admin/calendars/${json<{ id: number }>(normal)!.id}/sync`, undefined, { headers: { cookie } });
    expect(json(again)).toMatchObject({ eventCount: 1, lastError: null });
  });
});
