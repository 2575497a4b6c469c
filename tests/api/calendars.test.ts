import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarBusy } from '../../src/server/db/schema';
import { syncCalendar } from '../../src/server/calendars/services/calendar-sync';
import { WORKERS } from '../../src/server/workers';
import { call, freshIp, signUp, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/**
 * The owner's calendars (issue 9 item 7) through the admin API, against a local HTTP server
 * serving the fixture feeds of tests/fixtures/ics and answers each test controls.
 */

const ADMIN = 'owner.calendars@westside.example';
// Thursday Oct 1, 2026, 10:00 AM in Los Angeles; the 90-day window reaches Dec 30.
const START = '2026-10-01T17:00:00Z';
const clock = createClock(START);
const ENV = { ADMIN_EMAILS: ADMIN, ICS_ALLOW_PRIVATE_HOSTS: 'true' };

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let customer: Awaited<ReturnType<typeof signUp>>;

// ---- the feed server ------------------------------------------------------------------------

type Answer = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
let server: Server;
let base: string;
const routes = new Map<string, Answer>();
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
const requestsTo = (path: string) => seen.filter((r) => r.path === path);

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ics/${name}`, import.meta.url), 'utf8');
const serveFile =
  (name: string, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...headers });
    res.end(fixture(name));
  };
const serveStatus =
  (status: number): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end('nope');
  };

/** Answers `path` with `file` only when released; `arrived` resolves when the request comes in. */
function holdNext(path: string, file = 'outlook-owner.ics') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  routes.set(path, async (req, res) => {
    arrived();
    await released;
    serveFile(file)(req, res);
  });
  return { arrived: arrival, release };
}

// ---- helpers --------------------------------------------------------------------------------

const starts = async (date: string, serviceType?: string) => {
  const res = await call(t.app, 'GET', `/api/time-slots?date=${date}${serviceType ? `&serviceType=${serviceType}` : ''}`);
  expect(res.status).toBe(200);
  return (res.body as { id: number; slotTime: string }[]).map((s) => s.slotTime);
};
const addFeed = (name: string, url: string, sid: string | null = owner.sid, app = t.app) => call(app, 'POST', '/api/admin/calendars', { sid, body: { name, url } });
const syncFeed = (id: number | string, sid: string | null = owner.sid, app = t.app) => call(app, 'POST', `/api/admin/calendars/${id}/sync`, { sid });
const listFeeds = (sid: string | null = owner.sid) => call(t.app, 'GET', '/api/admin/calendars', { sid });
const removeFeed = (id: number | string, sid: string | null = owner.sid) => call(t.app, 'DELETE', `/api/admin/calendars/${id}`, { sid });
const busyRows = async (feedId: number) =>
  (await t.db.select().from(calendarBusy).where(eq(calendarBusy.feedId, feedId)).orderBy(asc(calendarBusy.startsAt))).map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString()]);
const book = (date: string, time: string) =>
  call(t.app, 'POST', '/api/bookings', {
    ip: freshIp(),
    body: {
      serviceType: 'shelf-mounting',
      bookingDate: date,
      bookingTime: time,
      fullName: 'Maria Lopez',
      phone: '(310) 555-0199',
      email: `maria-${Math.random().toString(36).slice(2, 8)}@example.com`,
      address: '1234 Ocean Ave, Santa Monica, CA 90401',
      depositAmount: 50,
      totalAmount: 50,
    },
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const answer = routes.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404);
      res.end();
      return;
    }
    void answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ clock, env: ENV });
  owner = await signUpOwner(t, ADMIN);
  customer = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('who may use the calendar routes', () => {
  it('answers 401 signed out and 403 to a customer on all four routes, 404 for an unknown id', async () => {
    routes.set('/guarded', serveFile('one-appointment.ics'));
    for (const sid of [null, customer.sid]) {
      const expected = sid ? 403 : 401;
      expect((await listFeeds(sid)).status).toBe(expected);
      expect((await addFeed('Mine', `${base}/guarded`, sid)).status).toBe(expected);
      expect((await syncFeed(1, sid)).status).toBe(expected);
      expect((await removeFeed(1, sid)).status).toBe(expected);
    }
    // Nothing was stored or fetched.
    expect((await listFeeds()).body).toEqual([]);
    expect(requestsTo('/guarded')).toHaveLength(0);

    expect((await syncFeed(999_999)).status).toBe(404);
    expect((await removeFeed(999_999)).status).toBe(404);
  });
});

describe('adding a calendar', () => {
  let id: number;

  it('fetches it at once, lists it, and its busy time leaves the schedule', async () => {
    expect(await starts('2026-10-08')).toContain('10:00 AM');
    routes.set('/appt', serveFile('one-appointment.ics'));

    const res = await addFeed('  Personal  ', `${base}/appt`);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Personal', url: `${base}/appt`, lastSyncedAt: START.replace('Z', '.000Z'), eventCount: 1, lastError: null });
    id = res.body.id;
    expect(requestsTo('/appt')).toHaveLength(1);

    const list = await listFeeds();
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);

    // Thursday Oct 8, 10:00-11:00 AM is busy: the one-hour job at 10:00 is gone, its neighbours stay.
    expect(await busyRows(id)).toEqual([['2026-10-08T17:00:00.000Z', '2026-10-08T18:00:00.000Z']]);
    const day = await starts('2026-10-08');
    expect(day).not.toContain('10:00 AM');
    expect(day).toContain('9:00 AM');
    expect(day).toContain('11:00 AM');
    // A 60-minute job at 9:00 ends as the appointment begins: still offered.
    expect(await starts('2026-10-08', 'shelf-mounting')).toContain('9:00 AM');

    const refused = await book('2026-10-08', '10:00 AM');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SLOT_UNAVAILABLE');
  });

  it('keeps the last good busy time while the feed fails, says why, and takes the new data when it recovers', async () => {
    const before = (await listFeeds()).body.find((f: { id: number }) => f.id === id);
    routes.set('/appt', serveStatus(500));
    clock.advance(60_000);

    const failed = await syncFeed(id);
    expect(failed.status).toBe(200);
    expect(failed.body.lastError).toMatch(/answered 500/);
    expect(failed.body.lastSyncedAt).toBe(before.lastSyncedAt);
    expect(failed.body.eventCount).toBe(1);
    expect(await busyRows(id)).toEqual([['2026-10-08T17:00:00.000Z', '2026-10-08T18:00:00.000Z']]);
    expect(await starts('2026-10-08')).not.toContain('10:00 AM');
    expect((await listFeeds()).body.find((f: { id: number }) => f.id === id).lastError).toBe(failed.body.lastError);

    // It recovers, with the appointment moved to 2:00-3:00 PM.
    routes.set('/appt', serveFile('one-appointment-moved.ics'));
    clock.advance(60_000);
    const recovered = await syncFeed(id);
    expect(recovered.body).toMatchObject({ lastError: null, lastSyncedAt: clock.now().toISOString(), eventCount: 1 });
    expect(await busyRows(id)).toEqual([['2026-10-08T21:00:00.000Z', '2026-10-08T22:00:00.000Z']]);
    const day = await starts('2026-10-08');
    expect(day).toContain('10:00 AM');
    expect(day).not.toContain('2:00 PM');
  });

  it('DELETE removes the feed and frees its time', async () => {
    expect((await removeFeed(id)).status).toBe(200);
    expect((await listFeeds()).body.map((f: { id: number }) => f.id)).not.toContain(id);
    expect(await busyRows(id)).toEqual([]);
    expect(await starts('2026-10-08')).toContain('2:00 PM');
    expect((await removeFeed(id)).status).toBe(404);
    expect((await syncFeed(id)).status).toBe(404);
  });
});

describe('what a feed blocks (Google fixture)', () => {
  beforeAll(async () => {
    routes.set('/google', serveFile('google-owner.ics'));
    const res = await addFeed('Google', `${base}/google`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ eventCount: 7, lastError: null });
  });

  it('a weekly event blocks every week, except the deleted instance and the moved one at its old time', async () => {
    // Mondays 9:00-10:30 AM: the 9:00 and 10:00 one-hour jobs overlap it, 8:00 and 11:00 do not.
    for (const monday of ['2026-10-05', '2026-10-12', '2026-11-02', '2026-11-09', '2026-11-30']) {
      const day = await starts(monday);
      expect(day, monday).not.toContain('9:00 AM');
      expect(day, monday).not.toContain('10:00 AM');
      expect(day, monday).toContain('8:00 AM');
      expect(day, monday).toContain('11:00 AM');
    }
    // Oct 19 deleted (EXDATE): free.
    expect(await starts('2026-10-19')).toEqual(expect.arrayContaining(['9:00 AM', '10:00 AM']));
    // Oct 26 moved (RECURRENCE-ID) to Tuesday Oct 27, 2:00-3:30 PM: the old time is free, the new one blocked.
    expect(await starts('2026-10-26')).toEqual(expect.arrayContaining(['9:00 AM', '10:00 AM']));
    const tuesday = await starts('2026-10-27');
    expect(tuesday).not.toContain('2:00 PM');
    expect(tuesday).not.toContain('3:00 PM');
    expect(tuesday).toContain('1:00 PM');
    expect(tuesday).toContain('9:00 AM');
  });

  it('an all-day event blocks the whole day', async () => {
    expect(await starts('2026-11-24')).toEqual([]);
    expect(await starts('2026-11-25')).toEqual([]);
    expect(await starts('2026-11-26')).toContain('8:00 AM');
    expect(await starts('2026-11-23')).toContain('5:00 PM');
  });

  it('a transparent event and a cancelled one block nothing', async () => {
    // Transparent reminder Thu Nov 12, 8:00-8:30 AM.
    expect(await starts('2026-11-12')).toContain('8:00 AM');
    // Cancelled dentist Fri Nov 13, 1:00-3:00 PM.
    expect(await starts('2026-11-13')).toEqual(expect.arrayContaining(['1:00 PM', '2:00 PM']));
  });
});

describe('an event across the change from daylight time', () => {
  it('blocks the right wall-clock times on both days', async () => {
    const opened = await call(t.app, 'PATCH', '/api/admin/settings', { sid: owner.sid, body: { hours: { '0': { open: '08:00', close: '18:00' } } } });
    expect(opened.status).toBe(200);
    expect(await starts('2026-11-01')).toContain('8:00 AM');

    routes.set('/dst', serveFile('dst-fall-back.ics'));
    const res = await addFeed('Trip', `${base}/dst`);
    expect(res.body).toMatchObject({ eventCount: 1, lastError: null });
    // Saturday Oct 31 noon (PDT) to Sunday Nov 1 10:00 AM (PST): 23 hours, one more than the wall clock says.
    expect(await busyRows(res.body.id)).toEqual([['2026-10-31T19:00:00.000Z', '2026-11-01T18:00:00.000Z']]);
    expect(await starts('2026-10-31')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM']);
    const sunday = await starts('2026-11-01');
    expect(sunday).not.toContain('8:00 AM');
    expect(sunday).not.toContain('9:00 AM');
    expect(sunday[0]).toBe('10:00 AM');
  });
});

describe('other answers a feed may give', () => {
  it('follows up to 3 redirects, and says in words what went wrong otherwise, keeping the old data', async () => {
    const redirect =
      (to: string): Answer =>
      (_req, res) => {
        res.writeHead(302, { location: to });
        res.end();
      };
    routes.set('/hop3', redirect('/hop2'));
    routes.set('/hop2', redirect(`${base}/hop1`));
    routes.set('/hop1', redirect('/hop0'));
    routes.set('/hop0', serveFile('outlook-owner.ics'));
    const added = await addFeed('Redirected', `${base}/hop3`);
    expect(added.body).toMatchObject({ eventCount: 2, lastError: null, url: `${base}/hop3` });
    const id = added.body.id as number;
    const rows = await busyRows(id);
    expect(rows).toHaveLength(3);

    routes.set('/hop0', redirect('/hop-1'));
    routes.set('/hop-1', serveFile('outlook-owner.ics'));
    expect((await syncFeed(id)).body.lastError).toMatch(/redirected more than 3 times/);
    expect(requestsTo('/hop-1')).toHaveLength(0);

    routes.set('/hop0', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Sign in to see this calendar</body></html>');
    });
    expect((await syncFeed(id)).body.lastError).toMatch(/not return an iCalendar/);

    routes.set('/hop0', serveStatus(404));
    expect((await syncFeed(id)).body.lastError).toMatch(/not found \(404\)/);

    const after = (await listFeeds()).body.find((f: { id: number }) => f.id === id);
    expect(after).toMatchObject({ eventCount: 2, lastSyncedAt: added.body.lastSyncedAt });
    expect(await busyRows(id)).toEqual(rows);
    expect((await removeFeed(id)).status).toBe(200);
  });

  it('refuses a body without a name or address', async () => {
    const res = await call(t.app, 'POST', '/api/admin/calendars', { sid: owner.sid, body: { name: ' ', url: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ name: 'Give the calendar a name', url: 'Paste the calendar’s secret iCal address' });
  });
});

describe('a feed over the 5 MB cap', () => {
  it('is refused in words and the old data kept, with or without a declared length', async () => {
    routes.set('/big', serveFile('outlook-owner.ics'));
    const added = await addFeed('Outlook', `${base}/big`);
    expect(added.body).toMatchObject({ eventCount: 2, lastError: null });
    const id = added.body.id as number;
    const rows = await busyRows(id);
    expect(rows).toHaveLength(3);

    const head = fixture('outlook-owner.ics').replace('END:VCALENDAR', '');
    const padding = `X-PADDING:${'x'.repeat(1000)}\r\n`;
    const huge = head + padding.repeat(5300) + 'END:VCALENDAR\r\n';
    expect(Buffer.byteLength(huge)).toBeGreaterThan(5 * 1024 * 1024);

    // Declared: Content-Length over the cap.
    routes.set('/big', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(Buffer.byteLength(huge)) });
      res.end(huge);
    });
    clock.advance(60_000);
    const declared = await syncFeed(id);
    expect(declared.body.lastError).toMatch(/larger than 5 MB/);
    expect(declared.body).toMatchObject({ eventCount: 2, lastSyncedAt: added.body.lastSyncedAt });
    expect(await busyRows(id)).toEqual(rows);

    // Streamed without a length: counted while it arrives.
    routes.set('/big', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      for (let i = 0; i < 6 && !res.destroyed; i++) {
        await new Promise<void>((resolve) => res.write('x'.repeat(1024 * 1024), () => resolve()));
      }
      if (!res.destroyed) res.end('END:VCALENDAR\r\n');
    });
    const streamed = await syncFeed(id);
    expect(streamed.body.lastError).toMatch(/larger than 5 MB/);
    expect(streamed.body).toMatchObject({ eventCount: 2, lastSyncedAt: added.body.lastSyncedAt });
    expect(await busyRows(id)).toEqual(rows);
    routes.set('/big', serveFile('outlook-owner.ics'));
  });
});

describe('a legal feed too large to read', () => {
  it('is that feed’s error in words, its old data kept, while the other feeds import and the app answers', async () => {
    routes.set('/tiny', serveFile('outlook-owner.ics'));
    const added = await addFeed('Outlook', `${base}/tiny`);
    expect(added.body).toMatchObject({ eventCount: 2, lastError: null });
    const id = added.body.id as number;
    const rows = await busyRows(id);
    expect(rows).toHaveLength(3);

    // Under the 5 MB fetch cap: one event with a million one-letter properties.
    const event = 'BEGIN:VEVENT\r\nUID:tiny@example.com\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261015T170000Z\r\nDTEND:20261015T180000Z\r\n';
    const tiny = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${event}${'X:1\r\n'.repeat(1_000_000)}END:VEVENT\r\nEND:VCALENDAR\r\n`;
    expect(Buffer.byteLength(tiny)).toBeLessThan(5 * 1024 * 1024);
    routes.set('/tiny', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(tiny);
    });
    routes.set('/tiny-other', serveFile('one-appointment.ics'));
    clock.advance(60_000);

    const [tooLarge, other, slots] = await Promise.all([syncFeed(id), addFeed('Personal', `${base}/tiny-other`), call(t.app, 'GET', '/api/time-slots?date=2026-10-09')]);
    expect(tooLarge.status).toBe(200);
    expect(tooLarge.body).toMatchObject({ lastError: 'This calendar is too large to read (more than 300,000 lines).', eventCount: 2, lastSyncedAt: added.body.lastSyncedAt });
    expect(await busyRows(id)).toEqual(rows);
    expect((await listFeeds()).body.find((f: { id: number }) => f.id === id).lastError).toBe(tooLarge.body.lastError);
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ eventCount: 1, lastError: null });
    expect(await busyRows(other.body.id)).toEqual([['2026-10-08T17:00:00.000Z', '2026-10-08T18:00:00.000Z']]);
    expect(slots.status).toBe(200);

    // It recovers once the feed is readable again.
    routes.set('/tiny', serveFile('outlook-owner.ics'));
    clock.advance(60_000);
    expect((await syncFeed(id)).body).toMatchObject({ lastError: null, eventCount: 2, lastSyncedAt: clock.now().toISOString() });
    expect((await removeFeed(id)).status).toBe(200);
    expect((await removeFeed(other.body.id)).status).toBe(200);
  });
});

describe('conditional GET', () => {
  it('sends the validators back; a 304 keeps the data and counts as a sync', async () => {
    const lastModified = 'Thu, 01 Oct 2026 12:00:00 GMT';
    routes.set('/etag', serveFile('icloud-owner.ics', { etag: '"v1"', 'last-modified': lastModified }));
    const added = await addFeed('iCloud', `${base}/etag`);
    expect(added.body).toMatchObject({ eventCount: 5, lastError: null });
    const id = added.body.id as number;
    const rows = await busyRows(id);
    // Tuesdays 4:30-6:00 PM.
    expect(await starts('2026-10-06')).not.toContain('4:00 PM');
    expect(requestsTo('/etag')[0].headers['if-none-match']).toBeUndefined();

    routes.set('/etag', (_req, res) => {
      res.writeHead(304, { etag: '"v1"' });
      res.end();
    });
    clock.advance(5 * 60_000);
    const again = await syncFeed(id);
    const second = requestsTo('/etag')[1];
    expect(second.headers['if-none-match']).toBe('"v1"');
    expect(second.headers['if-modified-since']).toBe(lastModified);
    expect(again.body).toEqual({ ...added.body, lastSyncedAt: clock.now().toISOString() });
    expect(await busyRows(id)).toEqual(rows);
    expect(await starts('2026-10-06')).not.toContain('4:00 PM');

    // After a failed attempt the feed is read whole: what is stored may be older than the window.
    routes.set('/etag', serveStatus(503));
    clock.advance(60_000);
    expect((await syncFeed(id)).body.lastError).toMatch(/answered 503/);
    routes.set('/etag', serveFile('icloud-owner.ics', { etag: '"v1"', 'last-modified': lastModified }));
    clock.advance(60_000);
    expect((await syncFeed(id)).body).toMatchObject({ lastError: null, lastSyncedAt: clock.now().toISOString() });
    expect(requestsTo('/etag')[3].headers['if-none-match']).toBeUndefined();
    expect(requestsTo('/etag')[3].headers['if-modified-since']).toBeUndefined();
  });
});

describe('one instance fetches a feed at a time', () => {
  it('two instances on one database syncing the same feed make one request', async () => {
    routes.set('/slow', serveFile('outlook-owner.ics'));
    const added = await addFeed('Shared', `${base}/slow`);
    const id = added.body.id as number;
    const other = await createTestApp({ clock, env: ENV, database: t.database, seed: false });
    try {
      const before = requestsTo('/slow').length;
      let hold = holdNext('/slow');
      const first = syncFeed(id, owner.sid, t.app);
      const second = syncFeed(id, owner.sid, other.app);
      await hold.arrived;
      // The one that lost the lease answers at once, with the feed as it stands.
      const loser = await Promise.race([first, second]);
      expect(loser.status).toBe(200);
      expect(loser.body.id).toBe(id);
      hold.release();
      const results = await Promise.all([first, second]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(requestsTo('/slow').length - before).toBe(1);

      // The same through the service: two concurrent syncCalendar calls, one request.
      hold = holdNext('/slow');
      const deps = { db: t.db, now: clock.now(), timeZone: t.config.businessTz, allowPrivateHosts: true };
      const both = Promise.all([syncCalendar(deps, id), syncCalendar(deps, id)]);
      await hold.arrived;
      await new Promise((resolve) => setTimeout(resolve, 200));
      hold.release();
      const synced = await both;
      expect(synced.map((f) => f.id)).toEqual([id, id]);
      expect(requestsTo('/slow').length - before).toBe(2);
    } finally {
      routes.set('/slow', serveFile('outlook-owner.ics'));
      await other.close();
    }
  });
});

describe('private addresses', () => {
  it('are refused when ICS_ALLOW_PRIVATE_HOSTS is not set: stored with the reason in words, nothing fetched', async () => {
    const strict = await createTestApp({ clock, env: { ADMIN_EMAILS: ADMIN }, database: t.database, seed: false });
    try {
      routes.set('/private', serveFile('one-appointment.ics'));
      for (const url of [`${base}/private`, `${base.replace('127.0.0.1', 'localhost')}/private`]) {
        const res = await addFeed('Sneaky', url, owner.sid, strict.app);
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ url, lastSyncedAt: null, eventCount: 0 });
        expect(res.body.lastError).toMatch(/private network/);
        expect(await busyRows(res.body.id)).toEqual([]);
        await removeFeed(res.body.id);
      }
      expect(requestsTo('/private')).toHaveLength(0);

      for (const url of ['ftp://example.com/cal.ics', 'file:///etc/passwd', 'not a web address']) {
        const res = await addFeed('Bad', url, owner.sid, strict.app);
        expect(res.status, url).toBe(400);
        expect(res.body.errors.url, url).toEqual(expect.any(String));
      }
      // webcal:// (what Apple hands out) is read as https.
      const webcal = await addFeed('Apple', 'webcal://127.0.0.1:1/private', owner.sid, strict.app);
      expect(webcal.status).toBe(201);
      expect(webcal.body.url).toBe('https://127.0.0.1:1/private');
      expect(webcal.body.lastError).toMatch(/private network/);
      await removeFeed(webcal.body.id);
    } finally {
      await strict.close();
    }
  });
});

describe('the calendar-sync worker', () => {
  it('runs every minute and fetches a feed again once it has not been tried for 10 minutes', async () => {
    const job = WORKERS.find((w) => w.name === 'calendar-sync');
    expect(job?.intervalMs).toBe(60_000);
    routes.set('/worker', serveFile('outlook-owner.ics'));
    const added = await addFeed('Worker', `${base}/worker`);
    expect(requestsTo('/worker')).toHaveLength(1);

    await job!.run(t.app);
    expect(requestsTo('/worker')).toHaveLength(1);
    clock.advance(9 * 60_000);
    await job!.run(t.app);
    expect(requestsTo('/worker')).toHaveLength(1);
    clock.advance(2 * 60_000);
    await job!.run(t.app);
    expect(requestsTo('/worker')).toHaveLength(2);
    const feed = (await listFeeds()).body.find((f: { id: number }) => f.id === added.body.id);
    expect(feed.lastSyncedAt).toBe(clock.now().toISOString());
    // Just synced: the next minute's run leaves it alone.
    clock.advance(60_000);
    await job!.run(t.app);
    expect(requestsTo('/worker')).toHaveLength(2);
  });
});

describe('the calendar-sync worker on two instances', () => {
  it('does not fetch a feed again that the other instance synced after this run listed it', async () => {
    const job = WORKERS.find((w) => w.name === 'calendar-sync')!;
    const other = await createTestApp({ clock, env: ENV, database: t.database, seed: false });
    try {
      routes.set('/due-y', serveFile('outlook-owner.ics'));
      routes.set('/due-x', serveFile('outlook-owner.ics'));
      expect((await addFeed('Y', `${base}/due-y`)).status).toBe(201);
      clock.advance(60_000);
      expect((await addFeed('X', `${base}/due-x`)).status).toBe(201);
      clock.advance(11 * 60_000);

      // Instance B lists every due feed (Y before X, the older attempt) and is held fetching Y...
      const hold = holdNext('/due-y');
      const runB = job.run(other.app);
      await hold.arrived;
      // ...while instance A's run syncs X (Y is leased to B).
      await job.run(t.app);
      expect(requestsTo('/due-x')).toHaveLength(2);
      hold.release();
      await runB;
      // B's list was stale: X was synced a moment ago, so B leaves it alone.
      expect(requestsTo('/due-x')).toHaveLength(2);
      expect(requestsTo('/due-y')).toHaveLength(2);
    } finally {
      routes.set('/due-y', serveFile('outlook-owner.ics'));
      await other.close();
    }
  });
});

describe('an unchanged feed as the booking window moves on', () => {
  it('is read whole again on a new day, so the days entering the window are blocked too', async () => {
    // A server that answers 304 whenever it can.
    routes.set('/window', (req, res) => {
      if (req.headers['if-none-match'] === '"same"') {
        res.writeHead(304, { etag: '"same"' });
        res.end();
        return;
      }
      serveFile('google-owner.ics', { etag: '"same"' })(req, res);
    });
    const added = await addFeed('Unchanged', `${base}/window`);
    expect(added.body).toMatchObject({ eventCount: 7, lastError: null });
    // Monday Jan 4, 2027 is past today's window (it ends Dec 30)...
    clock.set('2026-10-06T17:00:00Z');
    // ...and inside it five days later.
    expect(await starts('2027-01-04')).toContain('8:00 AM');
    const synced = await syncFeed(added.body.id);
    expect(synced.body).toMatchObject({ lastError: null, lastSyncedAt: clock.now().toISOString() });
    expect(requestsTo('/window')[1].headers['if-none-match']).toBeUndefined();
    expect(await starts('2027-01-04')).not.toContain('9:00 AM');

    // Later the same day the conditional GET is used again.
    clock.advance(11 * 60_000);
    await syncFeed(added.body.id);
    expect(requestsTo('/window')[2].headers['if-none-match']).toBe('"same"');
    expect(await starts('2027-01-04')).not.toContain('9:00 AM');
  });
});
