import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVersions } from '../../src/server/settings/repositories/settings';
import { bookings, calendarBusy, calendarFeeds } from '../../src/server/db/schema';
import { call, freshIp, signUpOwner } from '../helpers/accounts';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/**
 * Issue 15: a day's offered starts are kept in memory per date and service, and every change to
 * what they are computed from drops them on every instance within 5 s. Two app instances share
 * one database through their own pools, as two servers would; both trust the version counters
 * for the production second (versionTtlMs 1000), so the second learns of a change made through
 * the first only through the database.
 */

// Monday 2026-06-01, 10:00 AM in Los Angeles.
const clock = createClock('2026-06-01T17:00:00Z');
const OWNER = 'owner@slots.test';
const LIMIT_MS = 5_000;

let first: TestApp;
let second: TestApp;
let ownerSid: string;

beforeAll(async () => {
  first = await createTestApp({ clock, versionTtlMs: 1_000, env: { ADMIN_EMAILS: OWNER, RATE_LIMIT_SCALE: '1000' } });
  second = await createSecondInstance(first, { clock, versionTtlMs: 1_000 });
  ownerSid = (await signUpOwner(first, OWNER)).sid;
}, 180_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function offered(t: TestApp, date: string, serviceType = 'tv-mounting'): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/time-slots?date=${date}&serviceType=${serviceType}`);
  expect(res.status, res.raw).toBe(200);
  return res.body.map((s: { slotTime: string }) => s.slotTime);
}

/** Polls the second instance until `done(starts)` holds; returns how long that took (fails after 5 s). */
async function onSecondWithin5s(date: string, done: (starts: string[]) => boolean, serviceType?: string): Promise<number> {
  const started = Date.now();
  let starts = await offered(second, date, serviceType);
  while (!done(starts) && Date.now() - started < LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 100));
    starts = await offered(second, date, serviceType);
  }
  const took = Date.now() - started;
  expect(done(starts), `second instance still offers ${JSON.stringify(starts)} after ${took} ms`).toBe(true);
  expect(took).toBeLessThan(LIMIT_MS);
  return took;
}

let bookingCount = 0;
function book(t: TestApp, date: string, time: string) {
  return call(t.app, 'POST', '/api/bookings', {
    ip: freshIp(),
    body: {
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: time,
      fullName: 'Dana Whitfield',
      phone: '(310) 555-0177',
      email: `dana-${++bookingCount}@example.com`,
      address: '1801 Ocean Front Walk, Venice, CA 90291',
      depositAmount: 50,
      totalAmount: 50,
    },
  });
}

describe('time slots kept in memory, dropped on every instance within 5 s', () => {
  it('a booking on one instance removes its start from the other', async () => {
    const date = '2026-06-09';
    // Both instances have computed (and keep) the day.
    expect(await offered(first, date)).toContain('11:00 AM');
    expect(await offered(second, date)).toContain('11:00 AM');
    const res = await book(first, date, '11:00 AM');
    expect(res.status, res.raw).toBe(201);
    // The instance that took the booking drops its copy at once.
    expect(await offered(first, date)).not.toContain('11:00 AM');
    await onSecondWithin5s(date, (s) => !s.includes('11:00 AM'));
    // The start a cached copy still offered is refused by the database's rule all the same.
    const again = await book(second, date, '11:00 AM');
    expect(again.status, again.raw).toBe(409);
  });

  it('a cancelled booking gives its start back on the other instance', async () => {
    const date = '2026-06-10';
    const res = await book(first, date, '2:00 PM');
    expect(res.status, res.raw).toBe(201);
    await onSecondWithin5s(date, (s) => !s.includes('2:00 PM'));
    const cancelled = await call(first.app, 'POST', `/api/admin/bookings/${res.body.id}/status`, { sid: ownerSid, body: { status: 'cancelled' } });
    expect(cancelled.status, cancelled.raw).toBe(200);
    await onSecondWithin5s(date, (s) => s.includes('2:00 PM'));
  });

  it("the owner's block removes the start from the other instance", async () => {
    const date = '2026-06-11';
    expect(await offered(second, date, 'furniture-assembly')).toContain('3:00 PM');
    const res = await call(first.app, 'POST', '/api/calendar/add-event', { sid: ownerSid, body: { date, time: '3:00 PM', isBlockedTime: true } });
    expect(res.status, res.raw).toBe(201);
    await onSecondWithin5s(date, (s) => !s.includes('3:00 PM'), 'furniture-assembly');
  });

  it('a settings change (a closed date) empties the day on the other instance', async () => {
    const date = '2026-06-12';
    expect((await offered(second, date)).length).toBeGreaterThan(0);
    const res = await call(first.app, 'PATCH', '/api/admin/settings', { sid: ownerSid, body: { closedDates: [date] } });
    expect(res.status, res.raw).toBe(200);
    await onSecondWithin5s(date, (s) => s.length === 0);
  });

  it("a calendar sync's busy time, written straight to the database, removes the start", async () => {
    const date = '2026-06-15';
    expect(await offered(second, date)).toContain('1:00 PM');
    // What the sync worker writes: rows of an owner's feed, no route involved (1:00-2:00 PM PDT).
    await first.db.transaction(async (tx) => {
      const [feed] = await tx.insert(calendarFeeds).values({ name: 'Personal', url: 'https://calendar.example/feed.ics' }).returning();
      await tx.insert(calendarBusy).values({ feedId: feed.id, startsAt: new Date('2026-06-15T20:00:00Z'), endsAt: new Date('2026-06-15T21:00:00Z') });
    });
    await onSecondWithin5s(date, (s) => !s.includes('1:00 PM'));
  });

  it('bumps the schedule version once for any change a day is computed from, and not for others', async () => {
    const version = async () => (await readVersions(first.db)).schedule;
    const res = await book(first, '2026-06-16', '9:00 AM');
    expect(res.status, res.raw).toBe(201);
    const before = await version();
    // A change that does not touch the job's time leaves the version (and every cache) alone.
    await first.db.update(bookings).set({ reminderSentAt: new Date() }).where(eq(bookings.id, res.body.id));
    expect(await version()).toBe(before);
    // Several rows in one transaction: one bump, at commit.
    await first.db.transaction(async (tx) => {
      await tx.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, res.body.id));
      await tx.update(bookings).set({ holdExpiresAt: null }).where(eq(bookings.id, res.body.id));
    });
    expect(await version()).toBe(before + 1);
  });

  it('answers from memory while nothing changed', async () => {
    const date = '2026-06-17';
    // The versions as they are now (the tests before changed them less than a second ago).
    second.app.siteVersions.recheck();
    expect(await offered(second, date)).toContain('10:00 AM');
    // A row written with the triggers switched off reaches no version: the copy in memory stays,
    // which shows the answers are not read from the database each time.
    await first.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const [feed] = await tx.insert(calendarFeeds).values({ name: 'Hidden', url: 'https://calendar.example/hidden.ics' }).returning();
      await tx.insert(calendarBusy).values({ feedId: feed.id, startsAt: new Date('2026-06-17T17:00:00Z'), endsAt: new Date('2026-06-17T18:00:00Z') });
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await offered(second, date)).toContain('10:00 AM');
    // A new minute is a new answer: the start is computed again from the database.
    clock.advance(60_000);
    expect(await offered(second, date)).not.toContain('10:00 AM');
  });
});
