import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema';
import { call, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { book, offered, pick } from '../helpers/priced-jobs';

/**
 * Issue 22: POST /api/bookings with `items` picked from the price list. The server prices and
 * times the job from the list as it is at that moment (client amounts ignored), stores its lines,
 * total, length and crew need, and answers 409 JOB_DOES_NOT_FIT when the job does not fit the
 * start for any crew that can do it.
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles; each test books on its own later date.
const clock = createClock('2026-12-01T17:00:00Z');
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = { cookie: (await sessionAs(t.db, 'admin')).cookie };
});
afterAll(async () => t?.close());
// Each test leaves one crew of two, as a new database has.
afterEach(async () => {
  expect((await setCrews([2])).status).toBe(200);
});

const setCrews = (crewSizes: number[]) => call(t.app, 'PATCH', '/api/admin/settings', { body: { crewSizes }, headers: admin });
const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const rowsOn = (date: string) => t.db.select().from(bookings).where(eq(bookings.bookingDate, date));

/** Two dressers anchored to the wall and a bed frame: 275 minutes of work, booked as 4 h 45 min. */
const twoDressersAndABed = async () => [await pick(t, 'furniture-assembly', 'Dresser', 2, ['Anchor to the wall (anti-tip)']), await pick(t, 'furniture-assembly', 'Bed frame')];
const DRESSERS_AND_BED_LINES = [
  { name: 'Dresser', quantity: 2, unitCents: 12900, amountCents: 25800, minutes: 180 },
  { name: 'Anchor to the wall (anti-tip)', quantity: 2, unitCents: 1500, amountCents: 3000, minutes: 20 },
  { name: 'Bed frame', quantity: 1, unitCents: 9900, amountCents: 9900, minutes: 75 },
];

describe('POST /api/bookings with items', () => {
  it('stores the lines, total, length and crew need as the server prices them, whatever the client sends', async () => {
    const date = '2026-12-07';
    const items = await twoDressersAndABed();
    const quote = await call(t.app, 'POST', '/api/quote', { body: { serviceType: 'furniture-assembly', items } });
    expect(quote.body).toEqual({ totalCents: 38700, minutes: 275, twoPeople: false, lines: DRESSERS_AND_BED_LINES });
    const [start] = await offered(t, date, 285);
    const res = await book(t, date, start, {
      items: items.map((i) => ({ ...i, priceCents: 1, minutes: 1 })),
      depositAmount: 1,
      totalAmount: 1,
      totalCents: 1,
      lines: [{ name: 'Free work', quantity: 1, unitCents: 0, amountCents: 0, minutes: 1 }],
      minutes: 15,
      twoPeople: true,
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ bookingDate: date, bookingTime: start, depositAmount: 5000, status: 'pending', lines: DRESSERS_AND_BED_LINES, totalCents: 38700 });
    expect(await row(res.body.id)).toMatchObject({ durationMinutes: 285, twoPeople: false, lines: DRESSERS_AND_BED_LINES, totalCents: 38700, depositAmount: 5000, crew: 1 });
    // The crew is taken for the whole job and its buffer: 4 h 45 min + 30 min from the start.
    expect(await offered(t, date, 60)).not.toContain(start);
  });

  it('without items books the service as a whole, as before: its length, any crew, no lines', async () => {
    const date = '2026-12-08';
    const res = await book(t, date, (await offered(t, date, 120))[0]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body).not.toHaveProperty('lines');
    expect(res.body).not.toHaveProperty('totalCents');
    expect(await row(res.body.id)).toMatchObject({ durationMinutes: 120, twoPeople: false, lines: [], totalCents: null });
  });

  it('prices from the list as it is when booking, and keeps the lines when the owner renames or deletes the item', async () => {
    const date = '2026-12-09';
    const created = await call(t.app, 'POST', '/api/admin/price-items', {
      headers: admin,
      body: { serviceType: 'shelf-mounting', name: 'Gallery wall', priceCents: 15000, minutes: 90, maxQuantity: 2 },
    });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as number;
    // Repriced after the visitor's quote: the booking pays the price of the moment.
    expect((await call(t.app, 'PATCH', `/api/admin/price-items/${id}`, { headers: admin, body: { priceCents: 16500 } })).status).toBe(200);
    const res = await book(t, date, (await offered(t, date, 180))[0], { serviceType: 'shelf-mounting', items: [{ id, quantity: 2, addOns: [] }] });
    expect(res.status, res.raw).toBe(201);
    const line = { name: 'Gallery wall', quantity: 2, unitCents: 16500, amountCents: 33000, minutes: 180 };
    expect(res.body).toMatchObject({ lines: [line], totalCents: 33000 });

    expect((await call(t.app, 'PATCH', `/api/admin/price-items/${id}`, { headers: admin, body: { name: 'Photo wall', priceCents: 9900 } })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/admin/price-items/${id}`, { headers: admin })).status).toBe(200);
    expect(await row(res.body.id)).toMatchObject({ lines: [line], totalCents: 33000, durationMinutes: 180 });
  });

  it('refuses items the list refuses with a 400 naming the item, and books nothing', async () => {
    const date = '2026-12-10';
    const [start] = await offered(t, date, 60);
    const dresser = await pick(t, 'furniture-assembly', 'Dresser', 5);
    const unknown = await book(t, date, start, { items: [{ id: 999_999, quantity: 1, addOns: [] }, dresser] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Item 999999 is not on this service\'s price list.',
      errors: { 'items.0.id': 'Item 999999 is not on this service\'s price list.', 'items.1.quantity': 'Choose 1 to 4 of “Dresser”.' },
    });
    // An item of another service's list is not on this one's.
    const tv = await pick(t, 'tv-mounting', 'TV up to 42 inches');
    expect((await book(t, date, start, { items: [tv] })).body.errors).toEqual({ 'items.0.id': `Item ${tv.id} is not on this service's price list.` });
    expect((await book(t, date, start, { items: [] })).body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { items: 'Choose 1 to 50 items' } });
    expect(await rowsOn(date)).toHaveLength(0);
  });

  it('refuses a job longer than one visit (10 hours) with a 400 on items', async () => {
    const date = '2026-12-10';
    const items = [await pick(t, 'furniture-assembly', 'Wardrobe', 4), await pick(t, 'furniture-assembly', 'Chair or stool')];
    const res = await book(t, date, (await offered(t, date, 60))[0], { items });
    expect(res.status).toBe(400);
    const message = 'This job takes about 10 hours 20 minutes, more than one visit we book online (10 hours at most). Choose fewer items, or call us to plan a longer job.';
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message, errors: { items: message } });
    expect(await rowsOn(date)).toHaveLength(0);
  });
});

describe('409 JOB_DOES_NOT_FIT', () => {
  it('where the start is free for a shorter job but this one runs into the next job', async () => {
    const date = '2026-12-14';
    // A one-hour job at the day's last start; the first start where 4 h 45 min (and the travel
    // buffer) would run into it is still free for a one-hour job.
    const last = (await offered(t, date, 60)).at(-1)!;
    expect((await book(t, date, last, { serviceType: 'shelf-mounting' })).status).toBe(201);
    const short = await offered(t, date, 60);
    const long = await offered(t, date, 285);
    const start = short.find((s) => !long.includes(s))!;
    expect(long.length).toBeGreaterThan(0);
    expect(start).toBeDefined();
    const res = await book(t, date, start, { items: await twoDressersAndABed() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'JOB_DOES_NOT_FIT', message: 'That time is too short for Furniture Assembly, which takes about 4 hours 45 minutes. Please pick another time.' });
    expect(await rowsOn(date)).toHaveLength(1);
    // A start offered for the job's length takes it.
    const fits = await book(t, date, long[0], { items: await twoDressersAndABed() });
    expect(fits.status, fits.raw).toBe(201);
  });

  it('for a two-person job where only a crew of one is free, and with no crew of two at all', async () => {
    const date = '2026-12-15';
    expect((await setCrews([1, 2])).status).toBe(200);
    const bigTv = [await pick(t, 'tv-mounting', 'TV 65 to 75 inches')];
    const [start] = await offered(t, date, 90, true);
    const first = await book(t, date, start, { serviceType: 'tv-mounting', items: bigTv });
    expect(first.status, first.raw).toBe(201);
    expect(await row(first.body.id)).toMatchObject({ crew: 2, twoPeople: true, durationMinutes: 90, totalCents: 18900 });
    expect(await offered(t, date, 90, true)).not.toContain(start);

    const second = await book(t, date, start, { serviceType: 'tv-mounting', items: bigTv });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'JOB_DOES_NOT_FIT',
      message: 'That time has no crew of two free for TV Mounting, which needs two people for about 1 hour 30 minutes. Please pick another time.',
    });
    // The crew of one takes a one-person job there.
    const small = await book(t, date, start, { serviceType: 'tv-mounting', items: [await pick(t, 'tv-mounting', 'TV up to 42 inches')] });
    expect(small.status, small.raw).toBe(201);
    expect(await row(small.body.id)).toMatchObject({ crew: 1, twoPeople: false });

    expect((await setCrews([1])).status).toBe(200);
    expect(await offered(t, '2026-12-16', 90, true)).toEqual([]);
    const none = await book(t, '2026-12-16', (await offered(t, '2026-12-16', 90))[0], { serviceType: 'tv-mounting', items: bigTv });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('JOB_DOES_NOT_FIT');
    expect(await rowsOn('2026-12-16')).toHaveLength(0);
  });

  it('keeps 409 SLOT_TAKEN for a start someone else has', async () => {
    const date = '2026-12-17';
    const [start] = await offered(t, date, 285);
    expect((await book(t, date, start, { items: await twoDressersAndABed() })).status).toBe(201);
    const res = await book(t, date, start, { items: await twoDressersAndABed() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'SLOT_TAKEN', message: 'Sorry, that time was just booked. Please choose another time.' });
  });

  it('of 12 concurrent two-person bookings at one start, with one crew of one and one of two, exactly one wins, on the crew of two (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const date = '2026-12-18';
    expect((await setCrews([1, 2])).status).toBe(200);
    const bigTv = [await pick(t, 'tv-mounting', 'TV 65 to 75 inches')];
    const [start] = await offered(t, date, 90, true);
    const results = await Promise.all(Array.from({ length: 12 }, () => book(t, date, start, { serviceType: 'tv-mounting', items: bigTv })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    // A loser that raced the winner to the crew hears it was just taken; one that came after it
    // hears that no crew of two is free there (a crew of one still is).
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(['SLOT_TAKEN', 'JOB_DOES_NOT_FIT']).toContain(r.body.code);
    }
    const stored = await rowsOn(date);
    expect(stored.map((b) => [b.crew, b.twoPeople])).toEqual([[2, true]]);
  });
});
