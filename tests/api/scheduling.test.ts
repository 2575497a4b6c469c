import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, services } from '../../src/server/db/schema';
import { bumpVersions } from '../../src/server/settings/repositories/settings';
import { TOO_MANY_HOLDS_MESSAGE } from '../../src/server/bookings/services/bookings';
import { DEFAULT_SETTINGS } from '../../src/shared/schemas/settings';
import { call, freshIp, payCookieOf, signUp, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/**
 * Issue 9: scheduling by job length, travel buffer, crews, service area and hold caps, through
 * the API. (The calendar sync has its own file.)
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles (PST, UTC-8). The dates below are the weeks after.
const START = '2026-12-01T17:00:00Z';
const clock = createClock(START);
const ADMIN_EMAIL = 'owner@sched.example';
const SLOT_TAKEN = { code: 'SLOT_TAKEN', message: 'Sorry, that time was just booked. Please choose another time.' };
const SLOT_UNAVAILABLE = { code: 'SLOT_UNAVAILABLE', message: 'That time is no longer available. Please choose another time.' };
const OFF_GRID = { bookingTime: 'Please select a time slot' };

let t: TestApp;
let adminSid: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_SCALE: '1' } });
  adminSid = (await signUpOwner(t, ADMIN_EMAIL)).sid;
});
afterAll(async () => t?.close());
beforeEach(() => clock.set(START));
// Each test leaves the schedule settings as a new database has them.
afterEach(async () => {
  const { travelBufferMinutes, crews, serviceZips, closedDates, hours, business } = DEFAULT_SETTINGS;
  const res = await patchSettings({ travelBufferMinutes, crews, serviceZips, closedDates, hours, business: { phone: business.phone } });
  expect(res.status).toBe(200);
});

let emailCounter = 0;
const freshEmail = () => `sched-${++emailCounter}@example.com`;

function bookingBody(date: string, time: string, extra: Record<string, unknown> = {}) {
  return {
    serviceType: 'shelf-mounting',
    bookingDate: date,
    bookingTime: time,
    fullName: 'Maria Lopez',
    phone: '(310) 555-0199',
    email: freshEmail(),
    address: '1234 Ocean Ave, Santa Monica, CA 90401',
    depositAmount: 50,
    totalAmount: 50,
    ...extra,
  };
}
const book = (date: string, time: string, extra: Record<string, unknown> = {}, opts: { ip?: string; sid?: string } = {}) =>
  call(t.app, 'POST', '/api/bookings', { body: bookingBody(date, time, extra), ip: opts.ip ?? freshIp(), sid: opts.sid });
const starts = async (date: string, serviceType?: string) => {
  const res = await call(t.app, 'GET', `/api/time-slots?date=${date}${serviceType ? `&serviceType=${serviceType}` : ''}`);
  expect(res.status).toBe(200);
  return (res.body as { id: number; slotTime: string }[]).map((s) => s.slotTime);
};
const patchSettings = (body: unknown, sid: string | undefined = adminSid) => call(t.app, 'PATCH', '/api/admin/settings', { body, sid });
const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const rowsFor = (email: string) => t.db.select().from(bookings).where(sql`lower(${bookings.email}) = ${email.toLowerCase()}`);
/** The SQLSTATE of a database error, wherever the driver or Drizzle put it. */
function sqlState(err: unknown): unknown {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

const WEEKDAY_ONE_HOUR = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'];
const upTo = (last: string, from = WEEKDAY_ONE_HOUR) => from.slice(0, from.indexOf(last) + 1);

describe('GET /api/time-slots by service type', () => {
  // Monday 2026-12-07: open 8:00 AM to 6:00 PM.
  it.each([
    ['furniture-assembly', '4:00 PM'],
    ['tv-mounting', '4:00 PM'],
    ['shelf-mounting', '5:00 PM'],
    ['custom-project', '3:00 PM'],
  ])('offers %s only where the whole job ends by closing (last start %s)', async (serviceType, last) => {
    expect(await starts('2026-12-07', serviceType)).toEqual(upTo(last));
  });

  it("answers the spec's one-hour grid without serviceType, with its ids", async () => {
    const res = await call(t.app, 'GET', '/api/time-slots?date=2026-12-07');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(WEEKDAY_ONE_HOUR.map((slotTime, i) => ({ id: (8 + i) * 100, slotTime })));
  });

  it('uses the Saturday hours, 9:00 AM to 4:00 PM', async () => {
    expect(await starts('2026-12-12')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM']);
    expect(await starts('2026-12-12', 'furniture-assembly')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM']);
    expect(await starts('2026-12-12', 'custom-project')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM']);
  });

  it('answers 400 with errors.serviceType for an unknown service type', async () => {
    const res = await call(t.app, 'GET', '/api/time-slots?date=2026-12-07&serviceType=boat-repair');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { serviceType: 'Please select a service type' } });
  });

  it('takes away the starts a booking reaches, with the travel buffer on both sides', async () => {
    const date = '2026-12-08';
    // 11:00 AM to 1:00 PM, and the crew travels until 1:30 PM.
    const booked = await book(date, '11:00 AM', { serviceType: 'furniture-assembly' });
    expect(booked.status).toBe(201);
    expect(await row(booked.body.id)).toMatchObject({ durationMinutes: 120, bufferMinutes: 30, crew: 1 });
    // One hour: 10:00 AM would travel until 11:30 AM; 2:00 PM starts after 1:30 PM.
    expect(await starts(date, 'shelf-mounting')).toEqual(['8:00 AM', '9:00 AM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    expect(await starts(date)).toEqual(['8:00 AM', '9:00 AM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    // Two hours: 9:00 AM would end at 11:00 AM and travel until 11:30 AM.
    expect(await starts(date, 'furniture-assembly')).toEqual(['8:00 AM', '2:00 PM', '3:00 PM', '4:00 PM']);
  });
});

describe('POST /api/bookings where the job does not fit', () => {
  it('refuses a start on the grid whose job would end after closing with 409 SLOT_UNAVAILABLE', async () => {
    const email = freshEmail();
    const res = await book('2026-12-09', '5:00 PM', { serviceType: 'furniture-assembly', email });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(SLOT_UNAVAILABLE);
    expect(await rowsFor(email)).toHaveLength(0);
    // The same start for a one-hour job fits.
    expect((await book('2026-12-09', '5:00 PM', { serviceType: 'shelf-mounting' })).status).toBe(201);
  });

  it("refuses a job reaching into another job's buffer with 409 SLOT_TAKEN, and a job after the buffer is fine", async () => {
    const date = '2026-12-10';
    expect((await book(date, '11:00 AM', { serviceType: 'furniture-assembly' })).status).toBe(201);
    const intoBuffer = await book(date, '1:00 PM');
    expect(intoBuffer.status).toBe(409);
    expect(intoBuffer.body).toEqual(SLOT_TAKEN);
    // A two-hour job at 9:00 AM would travel into the 11:00 AM job: the start is free for a
    // one-hour job, so it is the job's length that does not fit, not a time just booked.
    const before = await book(date, '9:00 AM', { serviceType: 'furniture-assembly' });
    expect(before.status).toBe(409);
    expect(before.body).toEqual({
      code: 'JOB_DOES_NOT_FIT',
      message: 'That time is too short for Furniture Assembly, which takes about 2 hours. Please pick another time.',
    });
    expect((await book(date, '2:00 PM')).status).toBe(201);
    expect((await t.db.select().from(bookings).where(eq(bookings.bookingDate, date))).map((b) => b.bookingTime).sort()).toEqual(['11:00 AM', '2:00 PM']);
  });

  it('refuses a job overlapping a business block with 409 SLOT_UNAVAILABLE', async () => {
    const date = '2026-12-11';
    const block = await call(t.app, 'POST', '/api/calendar/add-event', { sid: adminSid, body: { date, time: '2:00 PM', isBlockedTime: true } });
    expect(block.status).toBe(201);
    const res = await book(date, '1:00 PM', { serviceType: 'furniture-assembly' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(SLOT_UNAVAILABLE);
    expect(await starts(date, 'furniture-assembly')).toEqual(['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '3:00 PM', '4:00 PM']);
    // A one-hour job ending as the block starts fits.
    expect((await book(date, '1:00 PM')).status).toBe(201);
  });

  it.each(['7:30 AM', '9:30 AM', '7:00 AM', '6:00 PM'])('keeps 400 for %s, not on the grid at all', async (time) => {
    const res = await book('2026-12-14', time, { serviceType: 'furniture-assembly' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: OFF_GRID });
  });
});

describe('the overlap race', () => {
  it('of 50 concurrent bookings of a two-hour job at 9:00 AM and 10:00 AM, exactly one wins and the others get 409 SLOT_TAKEN (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const date = '2026-12-15';
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(date, i % 2 === 0 ? '9:00 AM' : '10:00 AM', { serviceType: 'furniture-assembly', email: `racer-${i}@example.com` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toEqual(SLOT_TAKEN);
    const stored = await t.db.select().from(bookings).where(eq(bookings.bookingDate, date));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'pending', crew: 1, durationMinutes: 120 });
  });
});

describe('crews', () => {
  it('books two crews at one start, refuses a third, and lets the admin change a crew when it is free', async () => {
    const date = '2026-12-16';
    expect((await patchSettings({ crews: 2 })).body).toMatchObject({ crews: 2 });
    const a = await book(date, '9:00 AM', { serviceType: 'furniture-assembly' });
    const b = await book(date, '9:00 AM', { serviceType: 'furniture-assembly' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await row(a.body.id)).crew).toBe(1);
    expect((await row(b.body.id)).crew).toBe(2);
    expect(await starts(date, 'furniture-assembly')).not.toContain('9:00 AM');
    const third = await book(date, '10:00 AM');
    expect(third.status).toBe(409);
    expect(third.body).toEqual(SLOT_TAKEN);

    const later = await book(date, '3:00 PM');
    expect(later.status).toBe(201);
    expect((await row(later.body.id)).crew).toBe(1);

    const busy = await call(t.app, 'POST', `/api/admin/bookings/${a.body.id}/crew`, { sid: adminSid, body: { crew: 2 } });
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ code: 'SLOT_TAKEN', message: 'Crew 2 is busy then. Pick another crew or move the booking.' });
    expect((await row(a.body.id)).crew).toBe(1);

    const moved = await call(t.app, 'POST', `/api/admin/bookings/${later.body.id}/crew`, { sid: adminSid, body: { crew: 2 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ booking: { id: later.body.id, crew: 2 }, message: `Booking #${later.body.id} is now crew 2's job.` });
    expect((await row(later.body.id)).crew).toBe(2);

    const tooMany = await call(t.app, 'POST', `/api/admin/bookings/${later.body.id}/crew`, { sid: adminSid, body: { crew: 3 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { crew: 'There are 2 crews: pick a crew from 1 to 2.' } });
    expect((await row(later.body.id)).crew).toBe(2);
  });

  it('the owner changing a crew while bookings race for the same start: every answer is 200, 201 or 409, and the two crews end with one job each (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const date = '2026-12-04';
    expect((await patchSettings({ crews: 2 })).body).toMatchObject({ crews: 2 });
    const first = await book(date, '1:00 PM');
    expect(first.status).toBe(201);
    expect((await row(first.body.id)).crew).toBe(1);

    // The owner gives the first job to crew 2 while twelve visitors book 1:00 PM too.
    const [change, ...racers] = await Promise.all([
      call(t.app, 'POST', `/api/admin/bookings/${first.body.id}/crew`, { sid: adminSid, body: { crew: 2 } }),
      ...Array.from({ length: 12 }, () => book(date, '1:00 PM')),
    ]);
    expect([200, 409]).toContain(change.status);
    if (change.status === 409) expect(change.body).toEqual({ code: 'SLOT_TAKEN', message: 'Crew 2 is busy then. Pick another crew or move the booking.' });
    const statuses = racers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    for (const r of racers.filter((x) => x.status === 409)) expect(r.body).toEqual(SLOT_TAKEN);

    const winner = racers.find((r) => r.status === 201)!;
    const crews = [await row(first.body.id), await row(winner.body.id)].map((b) => b.crew).sort();
    expect(crews).toEqual([1, 2]);
    expect((await row(first.body.id)).crew).toBe(change.status === 200 ? 2 : 1);
  });
});

describe('the exclusion constraint', () => {
  const date = '2026-12-17';
  const at = (hour: number) => new Date(Date.UTC(2026, 11, 17, hour + 8));
  const direct = (hour: number, extra: Partial<typeof bookings.$inferInsert> = {}) =>
    t.db.insert(bookings).values({
      serviceType: 'shelf-mounting',
      bookingDate: date,
      bookingTime: `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`,
      startsAt: at(hour),
      fullName: 'Direct Insert',
      email: freshEmail(),
      phone: '3105550100',
      address: '1 Main St, Santa Monica, CA 90401',
      durationMinutes: 60,
      bufferMinutes: 30,
      crew: 1,
      status: 'pending',
      holdExpiresAt: new Date(Date.parse(START) + 30 * 60_000),
      createdAt: new Date(START),
      updatedAt: new Date(START),
      ...extra,
    }).returning({ id: bookings.id });
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      return sqlState(err);
    }
    return 'accepted';
  };

  it('refuses with SQLSTATE 23P01 an overlapping row inserted directly, and ignores a cancelled one', async () => {
    const booked = await book(date, '11:00 AM', { serviceType: 'furniture-assembly' }); // crew 1, 11:00 AM to 1:30 PM
    expect(booked.status).toBe(201);
    // Into the job, and into its buffer (1:00 PM): the application is not asked.
    expect(await refusal(direct(12))).toBe('23P01');
    expect(await refusal(direct(13))).toBe('23P01');
    // 10:00 AM: ends at 11:00 AM but travels until 11:30 AM.
    expect(await refusal(direct(10))).toBe('23P01');
    expect(await refusal(direct(10, { bufferMinutes: 0 }))).toBe('accepted');
    // Another crew, a cancelled or completed row: no conflict.
    expect(await refusal(direct(12, { crew: 2 }))).toBe('accepted');
    expect(await refusal(direct(12, { status: 'cancelled' }))).toBe('accepted');
    expect(await refusal(direct(12, { status: 'completed' }))).toBe('accepted');
    expect((await t.db.select().from(bookings).where(and(eq(bookings.bookingDate, date), eq(bookings.crew, 1), sql`${bookings.status} in ('pending','confirmed','rescheduling')`))).map((b) => b.bookingTime).sort()).toEqual(['10:00 AM', '11:00 AM']);

    // Once the booking is cancelled, its time is free for a row again.
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booked.body.id));
    expect(await refusal(direct(12))).toBe('accepted');
    expect(await refusal(direct(13))).toBe('23P01');
  });
});

describe('service area', () => {
  it('refuses an out-of-area ZIP with the message and the phone from the settings, holding nothing', async () => {
    const date = '2026-12-18';
    const email = freshEmail();
    const la = await book(date, '9:00 AM', { email, address: '200 N Spring St, Los Angeles, CA 90012' });
    expect(la.status).toBe(400);
    expect(la.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { address: "Sorry, we don't serve 90012 yet. Call us at (310) 555-0142 and we'll see what we can do." } });
    expect(payCookieOf(la)).toBeUndefined();
    expect(await rowsFor(email)).toHaveLength(0);
    expect(await starts(date)).toContain('9:00 AM');

    expect((await patchSettings({ business: { phone: '(424) 555-0177' } })).status).toBe(200);
    const again = await book(date, '9:00 AM', { email, address: '200 N Spring St, Los Angeles, CA 90012' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ address: "Sorry, we don't serve 90012 yet. Call us at (424) 555-0177 and we'll see what we can do." });
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('accepts an address without a ZIP as "area not checked" and an in-area ZIP as checked', async () => {
    const date = '2026-12-18';
    const noZip = await book(date, '11:00 AM', { address: '1234 Ocean Ave, Santa Monica' });
    const inArea = await book(date, '1:00 PM', { address: '1234 Ocean Ave, Santa Monica, CA 90401' });
    expect([noZip.status, inArea.status]).toEqual([201, 201]);
    expect((await row(noZip.body.id)).areaChecked).toBeNull();
    expect((await row(inArea.body.id)).areaChecked).toBe(true);
    const list = await call(t.app, 'GET', `/api/admin/bookings?from=${date}&to=${date}`, { sid: adminSid });
    expect(list.status).toBe(200);
    const byId = new Map((list.body.bookings as { id: number; areaChecked: boolean | null }[]).map((b) => [b.id, b]));
    expect(byId.get(noZip.body.id)).toMatchObject({ areaChecked: null, crew: 1, durationMinutes: 60 });
    expect(byId.get(inArea.body.id)).toMatchObject({ areaChecked: true });
  });

  it('follows the serviceZips setting', async () => {
    const date = '2026-12-21';
    expect((await patchSettings({ serviceZips: ['90012'] })).body.serviceZips).toEqual(['90012']);
    const la = await book(date, '9:00 AM', { address: '200 N Spring St, Los Angeles, CA 90012' });
    expect(la.status).toBe(201);
    expect((await row(la.body.id)).areaChecked).toBe(true);
    const sm = await book(date, '11:00 AM', { address: '1234 Ocean Ave, Santa Monica, CA 90401' });
    expect(sm.status).toBe(400);
    expect(sm.body.errors).toEqual({ address: "Sorry, we don't serve 90401 yet. Call us at (310) 555-0142 and we'll see what we can do." });
  });
});

describe('hold caps', () => {
  const TOO_MANY_HOLDS = { code: 'TOO_MANY_HOLDS', message: TOO_MANY_HOLDS_MESSAGE };

  it('refuses a third unpaid booking from one email (any case), allows one after paying or after a hold ends', async () => {
    const date = '2026-12-22';
    const email = 'hoarder@example.com';
    const first = await book(date, '8:00 AM', { email });
    const second = await book(date, '10:00 AM', { email: 'Hoarder@Example.com' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await book(date, '12:00 PM', { email: 'HOARDER@example.com' });
    expect(third.status).toBe(429);
    expect(third.body).toEqual(TOO_MANY_HOLDS);
    expect(payCookieOf(third)).toBeUndefined();
    expect(await rowsFor(email)).toHaveLength(2);
    expect(await starts(date)).toContain('12:00 PM');
    expect(TOO_MANY_HOLDS_MESSAGE).toMatch(/finish paying for your earlier booking, or wait for its hold to end/i);

    // Paying the first: it no longer counts.
    const intent = await call(t.app, 'POST', '/api/create-payment-intent', { body: { bookingId: first.body.id }, ip: freshIp(), headers: { cookie: payCookieOf(first)! } });
    expect(intent.status).toBe(200);
    const paid = await call(t.app, 'POST', '/api/payments/demo/confirm', {
      ip: freshIp(),
      body: { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: '90401' },
    });
    expect(paid.status).toBe(200);
    expect(await row(first.body.id)).toMatchObject({ status: 'confirmed', depositPaid: true });
    const afterPaying = await book(date, '12:00 PM', { email });
    expect(afterPaying.status).toBe(201);
    expect((await book(date, '2:00 PM', { email })).status).toBe(429);

    // 31 minutes later both holds have ended.
    clock.advance(31 * 60_000);
    const afterExpiry = await book(date, '2:00 PM', { email });
    expect(afterExpiry.status).toBe(201);
    expect((await row(second.body.id)).status).not.toBe('pending');
  });

  it('refuses a sixth unpaid booking from one address, whatever the emails', async () => {
    const date = '2026-12-23';
    const ip = freshIp();
    const times = ['8:00 AM', '10:00 AM', '12:00 PM', '2:00 PM', '4:00 PM'];
    for (const time of times) expect((await book(date, time, {}, { ip })).status).toBe(201);
    const email = freshEmail();
    const sixth = await book(date, '9:00 AM', { email, serviceType: 'shelf-mounting' }, { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY_HOLDS);
    expect(await rowsFor(email)).toHaveLength(0);
    expect(await t.db.select().from(bookings).where(eq(bookings.bookingDate, date))).toHaveLength(5);
    // Another address is not capped.
    expect((await book('2026-12-24', '9:00 AM', {}, { ip: freshIp() })).status).toBe(201);
  });

  it('never caps the admin signed in', async () => {
    const date = '2026-12-28';
    const ip = freshIp();
    const email = 'regular@example.com';
    for (const [day, time] of [[date, '8:00 AM'], [date, '10:00 AM'], [date, '12:00 PM'], [date, '2:00 PM'], [date, '4:00 PM'], ['2027-01-07', '9:00 AM']]) {
      const res = await book(day, time, { email }, { ip, sid: adminSid });
      expect(res.status).toBe(201);
    }
    expect(await rowsFor(email)).toHaveLength(6);
    // The same email without the admin is capped.
    expect((await book('2026-12-29', '9:00 AM', { email })).status).toBe(429);
  });
});

describe('GET and PATCH /api/admin/settings', () => {
  it('answers the defaults to the admin', async () => {
    const res = await call(t.app, 'GET', '/api/admin/settings', { sid: adminSid });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ travelBufferMinutes: 30, crews: 1 });
    expect(res.body.serviceZips).toContain('90401');
    expect(res.body.serviceZips).toEqual(DEFAULT_SETTINGS.serviceZips);
  });

  it('refuses bad fields with 400 naming each, and changes nothing', async () => {
    const res = await patchSettings({ crews: 0, travelBufferMinutes: 300, serviceZips: ['90401', '123'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual({
      crews: 'Crews must be a whole number from 1 to 20',
      travelBufferMinutes: 'Travel buffer must be 0 to 240 minutes',
      'serviceZips.1': 'ZIP codes are 5 digits',
    });
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid: adminSid })).body).toMatchObject({ crews: 1, travelBufferMinutes: 30 });
  });

  it('is for the admin only: 401 signed out, 403 for a customer', async () => {
    const { sid } = await signUp(t.app);
    for (const [method, body] of [['GET', undefined], ['PATCH', { crews: 3 }]] as const) {
      const out = await call(t.app, method, '/api/admin/settings', { body });
      expect(out.status).toBe(401);
      expect(out.body.code).toBe('UNAUTHENTICATED');
      const customer = await call(t.app, method, '/api/admin/settings', { body, sid });
      expect(customer.status).toBe(403);
      expect(customer.body.code).toBe('FORBIDDEN');
    }
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid: adminSid })).body.crews).toBe(1);
  });

  it('takes a buffer change into account: with 0 minutes, 10:00 AM is offered after a 9:00 AM one-hour booking', async () => {
    const date = '2026-12-30';
    // With the default 30 minutes, a 9:00 AM job keeps its crew until 10:30 AM, and an 8:00 AM
    // job would travel until 9:30 AM.
    expect((await book(date, '9:00 AM')).status).toBe(201);
    expect(await starts(date)).toEqual(['11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);

    expect((await patchSettings({ travelBufferMinutes: 0 })).body.travelBufferMinutes).toBe(0);
    const other = '2026-12-31';
    const nine = await book(other, '9:00 AM');
    expect(nine.status).toBe(201);
    expect(await row(nine.body.id)).toMatchObject({ bufferMinutes: 0 });
    expect(await starts(other)).toEqual(WEEKDAY_ONE_HOUR.filter((s) => s !== '9:00 AM'));
    const ten = await book(other, '10:00 AM');
    expect(ten.status).toBe(201);
    // A booking keeps the buffer in force when it was made: the 9:00 AM job of the 30th still
    // reaches 10:30 AM; a new 8:00 AM job no longer needs travel time before it.
    expect(await starts(date)).toEqual(['8:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
  });
});

describe('closed dates and hours', () => {
  it('offers nothing on a closed date and refuses a booking there with 409', async () => {
    const date = '2027-01-04';
    expect(await starts(date)).toEqual(WEEKDAY_ONE_HOUR);
    expect((await patchSettings({ closedDates: [date] })).body.closedDates).toEqual([date]);
    expect(await starts(date)).toEqual([]);
    expect(await starts(date, 'furniture-assembly')).toEqual([]);
    const res = await book(date, '9:00 AM');
    expect(res.status).toBe(409);
    expect(res.body).toEqual(SLOT_UNAVAILABLE);
    expect(await t.db.select().from(bookings).where(eq(bookings.bookingDate, date))).toHaveLength(0);
  });

  it('offers the starts of changed hours', async () => {
    const date = '2027-01-05'; // a Tuesday
    expect((await patchSettings({ hours: { '2': { open: '10:00', close: '14:00' } } })).status).toBe(200);
    expect(await starts(date)).toEqual(['10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM']);
    expect(await starts(date, 'furniture-assembly')).toEqual(['10:00 AM', '11:00 AM', '12:00 PM']);
    // Monday keeps its hours.
    expect(await starts('2027-01-04')).toEqual(WEEKDAY_ONE_HOUR);
    const early = await book(date, '9:00 AM');
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual(OFF_GRID);
    const late = await book(date, '1:00 PM', { serviceType: 'furniture-assembly' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual(SLOT_UNAVAILABLE);
  });
});

describe('GET /api/services', () => {
  it('lists the active services in order with slug and durationMinutes; an inactive one cannot be booked', async () => {
    const res = await call(t.app, 'GET', '/api/services');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { slug: string; durationMinutes: number }) => [s.slug, s.durationMinutes])).toEqual([
      ['furniture-assembly', 120],
      ['tv-mounting', 90],
      ['shelf-mounting', 60],
      ['custom-project', 180],
    ]);
    for (const s of res.body) expect(Object.keys(s).sort()).toEqual(['category', 'description', 'durationMinutes', 'id', 'name', 'price', 'slug']);

    const setActive = (active: boolean) =>
      t.db.transaction(async (tx) => {
        await tx.update(services).set({ active }).where(eq(services.slug, 'tv-mounting'));
        await bumpVersions(tx, ['content'], new Date());
      });
    await setActive(false);
    try {
      expect((await call(t.app, 'GET', '/api/services')).body.map((s: { slug: string }) => s.slug)).toEqual(['furniture-assembly', 'shelf-mounting', 'custom-project']);
      const booked = await book('2027-01-06', '9:00 AM', { serviceType: 'tv-mounting' });
      expect(booked.status).toBe(400);
      expect(booked.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { serviceType: 'Please select a service type' } });
      const slots = await call(t.app, 'GET', '/api/time-slots?date=2027-01-06&serviceType=tv-mounting');
      expect(slots.status).toBe(400);
      expect(slots.body.errors).toEqual({ serviceType: 'Please select a service type' });
    } finally {
      await setActive(true);
    }
  });
});
