import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedTimes } from '../../src/server/db/schema';
import { call, signUp, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

const ADMIN = 'owner.admin@westside.example';
// Monday June 1, 2026, 10:00 AM in Los Angeles.
const clock = createClock('2026-06-01T17:00:00Z');
let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

const block = (sid: string | null, date: string, time: string) => call(t.app, 'POST', '/api/calendar/add-event', { sid, body: { date, time, isBlockedTime: true } });
const list = (sid: string | null, startDate: string, endDate: string) => call(t.app, 'GET', `/api/calendar/blocked-times?startDate=${startDate}&endDate=${endDate}`, { sid });

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: ADMIN } });
  alice = await signUp(t.app, { fullName: 'Alice Customer' });
  bob = await signUp(t.app, { fullName: 'Bob Customer' });
  admin = await signUpOwner(t, ADMIN, 'Owner Admin');
});
afterAll(async () => t?.close());

describe('POST /api/calendar/add-event', () => {
  it('blocks one hour of the business grid', async () => {
    const res = await block(alice.sid, '2026-06-10', '9:00 AM');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ blockedTime: { id: expect.any(Number), date: '2026-06-10', time: '9:00 AM', endTime: '10:00 AM' } });
    const [row] = await t.db.select().from(blockedTimes).where(eq(blockedTimes.id, res.body.blockedTime.id));
    expect(row).toMatchObject({ userId: alice.user.id, isBusiness: false });

    expect((await block(alice.sid, '2026-06-10', '11:00 AM')).body.blockedTime.endTime).toBe('12:00 PM');
    expect((await block(alice.sid, '2026-06-10', '12:00 PM')).body.blockedTime.endTime).toBe('1:00 PM');
    expect((await block(alice.sid, '2026-06-13', '3:00 PM')).body.blockedTime.endTime).toBe('4:00 PM');
    // Later today is fine.
    expect((await block(alice.sid, '2026-06-01', '2:00 PM')).status).toBe(201);
  });

  it('refuses the same time twice', async () => {
    expect((await block(bob.sid, '2026-06-11', '10:00 AM')).status).toBe(201);
    const again = await block(bob.sid, '2026-06-11', '10:00 AM');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already blocked that time.');
    // Another customer may block the same time for themselves.
    expect((await block(alice.sid, '2026-06-11', '10:00 AM')).status).toBe(201);
  });

  it.each([
    ['yesterday', '2026-05-31', '9:00 AM'],
    ['earlier today', '2026-06-01', '9:00 AM'],
    ['the hour under way', '2026-06-01', '10:00 AM'],
  ])('refuses a time in the past (%s)', async (_label, date, time) => {
    const res = await block(alice.sid, date, time);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot block a time in the past.');
  });

  it.each([
    ['before opening', '2026-06-10', '7:00 AM'],
    ['at closing', '2026-06-10', '6:00 PM'],
    ['Saturday after the last start', '2026-06-13', '4:00 PM'],
    ['Sunday', '2026-06-14', '10:00 AM'],
    ['half past', '2026-06-10', '9:30 AM'],
  ])('refuses a time off the business grid (%s)', async (_label, date, time) => {
    const res = await block(alice.sid, date, time);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please choose a time within business hours.');
  });

  it('validates the body with the spec message', async () => {
    const noTime = await call(t.app, 'POST', '/api/calendar/add-event', { sid: alice.sid, body: { date: '2026-06-10', isBlockedTime: true } });
    expect(noTime.status).toBe(400);
    expect(noTime.body.errors.time).toBe('Please select both a date and time');
    const badTime = await block(alice.sid, '2026-06-10', '09:00');
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors.time).toBe('Please select both a date and time');
    const badDate = await block(alice.sid, '2026-02-30', '9:00 AM');
    expect(badDate.status).toBe(400);
    expect(badDate.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers 401 when signed out', async () => {
    expect((await block(null, '2026-06-10', '1:00 PM')).status).toBe(401);
  });
});

describe('GET /api/calendar/blocked-times', () => {
  it("lists the user's own blocks in the range, by date and time", async () => {
    const res = await list(alice.sid, '2026-06-01', '2026-06-30');
    expect(res.status).toBe(200);
    expect(res.body.blockedTimes.map((b: { date: string; time: string }) => `${b.date} ${b.time}`)).toEqual([
      '2026-06-01 2:00 PM',
      '2026-06-10 9:00 AM',
      '2026-06-10 11:00 AM',
      '2026-06-10 12:00 PM',
      '2026-06-11 10:00 AM',
      '2026-06-13 3:00 PM',
    ]);
    expect(Object.keys(res.body.blockedTimes[0]).sort()).toEqual(['date', 'endTime', 'id', 'time']);

    const bobs = await list(bob.sid, '2026-06-01', '2026-06-30');
    expect(bobs.body.blockedTimes).toEqual([{ id: expect.any(Number), date: '2026-06-11', time: '10:00 AM', endTime: '11:00 AM' }]);
    const narrow = await list(alice.sid, '2026-06-10', '2026-06-10');
    expect(narrow.body.blockedTimes).toHaveLength(3);
    expect((await list(alice.sid, '2026-07-01', '2026-07-31')).body.blockedTimes).toEqual([]);
  });

  it('refuses a bad range', async () => {
    const reversed = await list(alice.sid, '2026-06-30', '2026-06-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The end date must not be before the start date.');
    const tooLong = await list(alice.sid, '2026-01-01', '2026-12-31');
    expect(tooLong.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/calendar/blocked-times?startDate=2026-06-01', { sid: alice.sid })).status).toBe(400);
    expect((await list(alice.sid, 'June', '2026-06-30')).status).toBe(400);
    // A whole displayed month grid (6 weeks) fits.
    expect((await list(alice.sid, '2026-05-31', '2026-07-11')).status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await list(null, '2026-06-01', '2026-06-30')).status).toBe(401);
  });
});

describe('DELETE /api/calendar/blocked-time/:id', () => {
  it("removes the user's own block but not someone else's", async () => {
    const mine = (await block(bob.sid, '2026-06-12', '4:00 PM')).body.blockedTime;
    const theirs = await call(t.app, 'DELETE', `/api/calendar/blocked-time/${mine.id}`, { sid: alice.sid });
    expect(theirs.status).toBe(404);
    expect((await t.db.select().from(blockedTimes).where(eq(blockedTimes.id, mine.id))).length).toBe(1);
    expect((await call(t.app, 'DELETE', `/api/calendar/blocked-time/${mine.id}`)).status).toBe(401);

    const res = await call(t.app, 'DELETE', `/api/calendar/blocked-time/${mine.id}`, { sid: bob.sid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Time unblocked' });
    expect(await t.db.select().from(blockedTimes).where(eq(blockedTimes.id, mine.id))).toHaveLength(0);
    expect((await call(t.app, 'DELETE', `/api/calendar/blocked-time/${mine.id}`, { sid: bob.sid })).status).toBe(404);
    // Blocking the time again works once it was removed.
    expect((await block(bob.sid, '2026-06-12', '4:00 PM')).status).toBe(201);
  });
});

describe('business calendar', () => {
  const slotsOn = async (date: string) => {
    const res = await call(t.app, 'GET', `/api/time-slots?date=${date}`);
    expect(res.status).toBe(200);
    return (res.body as { slotTime: string }[]).map((s) => s.slotTime);
  };

  it("a customer's block never closes the business calendar; an admin's closes it for everyone", async () => {
    expect(admin.user.role).toBe('admin');
    expect((await block(alice.sid, '2026-06-15', '1:00 PM')).status).toBe(201);
    expect(await slotsOn('2026-06-15')).toContain('1:00 PM');

    const res = await block(admin.sid, '2026-06-15', '2:00 PM');
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(blockedTimes).where(eq(blockedTimes.id, res.body.blockedTime.id));
    expect(row.isBusiness).toBe(true);
    const slots = await slotsOn('2026-06-15');
    expect(slots).not.toContain('2:00 PM');
    expect(slots).toContain('1:00 PM');
    expect(slots).toContain('3:00 PM');

    // Unblocking reopens it.
    await call(t.app, 'DELETE', `/api/calendar/blocked-time/${res.body.blockedTime.id}`, { sid: admin.sid });
    expect(await slotsOn('2026-06-15')).toContain('2:00 PM');
  });
});
