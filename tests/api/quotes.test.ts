import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, estimates, quotes, smsOutbox } from '../../src/server/db/schema';
import { WORKERS } from '../../src/server/workers';
import { call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { ESTIMATE_FIELDS, quote, QUOTE_LINE, quotedRequest, quoteTokenOf, submit } from '../helpers/estimates';
import { offered, payDeposit, pick } from '../helpers/priced-jobs';

/**
 * Issue 22, part 3: the customer's quote at /quote/{token}. GET /api/quotes/:token (one 404 body
 * for every link that opens nothing now), "No thanks", and POST /api/bookings with `quoteToken`:
 * the quote's lines, total, length and crew need, booked once (409 QUOTE_USED, also in a race).
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const START = '2026-12-01T17:00:00Z';
const clock = createClock(START);
let t: TestApp;
let admin: string;

beforeAll(async () => {
  // Texts are off here: the quote goes by email alone.
  t = await createTestApp({ clock });
  admin = (await sessionAs(t.db, 'admin')).cookie;
});
afterAll(async () => t?.close());
beforeEach(() => clock.set(START));
afterEach(async () => {
  expect((await call(t.app, 'PATCH', '/api/admin/settings', { body: { crewSizes: [2] }, headers: { cookie: admin } })).status).toBe(200);
});

const LINK_INVALID = { message: 'This quote link is no longer valid.', code: 'NOT_FOUND' };
const read = (token: string) => call(t.app, 'GET', `/api/quotes/${token}`, { ip: freshIp() });
const decline = (token: string) => call(t.app, 'POST', `/api/quotes/${token}/decline`, { ip: freshIp() });
const quoteRow = async (id: number) => (await t.db.select().from(quotes).where(eq(quotes.id, id)))[0];
const estimateRow = async (id: number) => (await t.db.select().from(estimates).where(eq(estimates.id, id)))[0];
const bookingRow = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

let seq = 0;
/** POST /api/bookings from a quote, as /quote/{token}'s "Approve and book" sends it. */
function bookQuote(token: string, date: string, time: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  const body = { quoteToken: token, bookingDate: date, bookingTime: time, fullName: 'Dana Whitfield', phone: '(310) 555-0177', email: `quote-${seq}@example.com`, address: ESTIMATE_FIELDS.address, ...extra };
  return call(t.app, 'POST', '/api/bookings', { body, ip: freshIp() });
}

const LINE = { name: QUOTE_LINE.description, quantity: 1, unitCents: 32900, amountCents: 32900, minutes: 150 };

describe('GET /api/quotes/:token', () => {
  it('shows the lines, total, length, crew need, note and last day, privately', async () => {
    const { token } = await quotedRequest(t, admin, { lines: [QUOTE_LINE], note: 'Bring the mount.' });
    const res = await read(token);
    expect(res.status, res.raw).toBe(200);
    // No service: the quote has no price-list line.
    expect(res.body).toEqual({ lines: [LINE], totalCents: 32900, minutes: 150, twoPeople: false, note: 'Bring the mount.', validUntil: '2026-12-15' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it('answers the same 404 body for a malformed, unknown, expired, declined, withdrawn or booked quote link', async () => {
    const expired = await quotedRequest(t, admin, { lines: [QUOTE_LINE], validDays: 1 });
    const declined = await quotedRequest(t, admin);
    expect((await decline(declined.token)).status).toBe(200);
    const withdrawn = await quotedRequest(t, admin);
    expect((await quote(t, admin, withdrawn.id)).status).toBe(201);
    const booked = await quotedRequest(t, admin);
    const [start] = await offered(t, '2026-12-07', 150);
    expect((await bookQuote(booked.token, '2026-12-07', start)).status).toBe(201);

    const bodies: string[] = [];
    for (const token of ['abc', 'A'.repeat(43), 'A'.repeat(44), withdrawn.token, declined.token, booked.token]) {
      const res = await read(token);
      expect(res.status, token).toBe(404);
      bodies.push(res.raw);
    }
    // The last day is the quote's until the business's midnight.
    clock.set('2026-12-03T07:59:59Z');
    expect((await read(expired.token)).status).toBe(200);
    clock.set('2026-12-03T08:00:00Z');
    const gone = await read(expired.token);
    expect(gone.status).toBe(404);
    bodies.push(gone.raw);
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify(LINK_INVALID)]));
    expect((await bookQuote(expired.token, '2026-12-07', '9:00 AM')).body).toEqual(LINK_INVALID);
    expect((await decline(expired.token)).body).toEqual(LINK_INVALID);
  });

  it('marks an expired quote and its request expired when read, and the owner sees it', async () => {
    const { id, quoteId, token } = await quotedRequest(t, admin, { lines: [QUOTE_LINE], validDays: 2 });
    clock.set('2026-12-04T08:00:00Z');
    expect((await read(token)).status).toBe(404);
    expect((await quoteRow(quoteId)).status).toBe('expired');
    expect((await estimateRow(id)).status).toBe('expired');

    // Read by the owner alone, too: the list settles every quote first.
    const other = await quotedRequest(t, admin, { lines: [QUOTE_LINE], validDays: 1 });
    clock.set('2026-12-06T08:00:00Z');
    const list = await call(t.app, 'GET', '/api/admin/estimates', { headers: { cookie: admin } });
    expect(list.body.find((e: any) => e.id === other.id).status).toBe('expired');
    // The owner may quote an expired request again.
    const again = await quote(t, admin, other.id);
    expect(again.body.quotes.map((q: any) => q.status)).toEqual(['open', 'expired']);
    expect(again.body.status).toBe('quoted');
  });
});

describe('POST /api/quotes/:token/decline', () => {
  it('declines the quote and its request for the customer, once', async () => {
    const { id, quoteId, token } = await quotedRequest(t, admin);
    clock.advance(60_000);
    const res = await decline(token);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ message: "Thanks for letting us know. We won't book this work; you can always ask us for a new estimate." });
    expect(await quoteRow(quoteId)).toMatchObject({ status: 'declined', declinedAt: new Date('2026-12-01T17:01:00Z') });
    expect(await estimateRow(id)).toMatchObject({ status: 'declined', declinedBy: 'customer', declineReason: null });
    expect((await decline(token)).body).toEqual(LINK_INVALID);
    expect((await bookQuote(token, '2026-12-07', '9:00 AM')).body).toEqual(LINK_INVALID);
  });
});

describe('POST /api/bookings with quoteToken', () => {
  it("books the quote's lines, total, length and crew need at an offered start, once; the deposit is paid as usual", async () => {
    const tv = await pick(t, 'tv-mounting', 'TV 65 to 75 inches');
    const lines = [{ itemId: tv.id, description: 'TV 65 to 75 inches', quantity: 1, unitCents: 18900, minutes: 90 }, { ...QUOTE_LINE, minutes: 40 }];
    const { id, quoteId, token } = await quotedRequest(t, admin, { lines });
    const job = await read(token);
    expect(job.body).toMatchObject({ totalCents: 51800, minutes: 130, twoPeople: true, serviceType: 'tv-mounting' });

    const date = '2026-12-08';
    // 130 minutes of work are booked as 2 hours 15 minutes.
    const [start] = await offered(t, date, 135, true);
    const res = await bookQuote(token, date, start, { serviceType: 'furniture-assembly', totalAmount: 1, depositAmount: 1 });
    expect(res.status, res.raw).toBe(201);
    const bookedLines = [
      { name: 'TV 65 to 75 inches', quantity: 1, unitCents: 18900, amountCents: 18900, minutes: 90 },
      { ...LINE, minutes: 40 },
    ];
    expect(res.body).toMatchObject({ serviceType: 'tv-mounting', bookingDate: date, bookingTime: start, status: 'pending', depositAmount: 5000, lines: bookedLines, totalCents: 51800 });
    expect(await bookingRow(res.body.id)).toMatchObject({ durationMinutes: 135, twoPeople: true, lines: bookedLines, totalCents: 51800 });
    expect(await quoteRow(quoteId)).toMatchObject({ status: 'booked', bookedBookingId: res.body.id, bookedAt: new Date(START) });
    expect((await estimateRow(id)).status).toBe('booked');
    expect(await offered(t, date, 60)).not.toContain(start);

    const again = await bookQuote(token, '2026-12-09', (await offered(t, '2026-12-09', 135, true))[0]);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'QUOTE_USED', message: 'This quote has already been booked. To change that booking, use the link in its confirmation email or call us.' });

    await payDeposit(t, res);
    expect(await bookingRow(res.body.id)).toMatchObject({ status: 'confirmed', depositPaid: true, depositAmount: 5000 });
    const owner = await call(t.app, 'GET', `/api/admin/estimates/${id}`, { headers: { cookie: admin } });
    expect(owner.body).toMatchObject({ status: 'booked', quotes: [{ id: quoteId, status: 'booked', bookingId: res.body.id }] });
  });

  it('files a quote with no price-list line as a custom project', async () => {
    const { token } = await quotedRequest(t, admin);
    const date = '2026-12-10';
    const res = await bookQuote(token, date, (await offered(t, date, 150))[0]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ serviceType: 'custom-project', lines: [LINE], totalCents: 32900 });
    expect((await bookingRow(res.body.id)).durationMinutes).toBe(150);
  });

  it('refuses a start too short for the quoted job (409 JOB_DOES_NOT_FIT), leaving the quote open', async () => {
    const { quoteId, token } = await quotedRequest(t, admin);
    const date = '2026-12-11';
    expect(await offered(t, date, 150)).toContain('10:00 AM');
    // Another job at noon leaves 10:00 AM free for an hour, not for 2 h 30 min and the buffer.
    const other = await call(t.app, 'POST', '/api/bookings', {
      ip: freshIp(),
      body: { serviceType: 'shelf-mounting', bookingDate: date, bookingTime: '12:00 PM', fullName: 'Sam Lee', phone: '(310) 555-0188', email: 'sam@example.com', address: ESTIMATE_FIELDS.address },
    });
    expect(other.status, other.raw).toBe(201);
    expect(await offered(t, date, 60)).toContain('10:00 AM');
    const res = await bookQuote(token, date, '10:00 AM');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'JOB_DOES_NOT_FIT', message: 'That time is too short for the quoted job, which takes about 2 hours 30 minutes. Please pick another time.' });
    expect((await quoteRow(quoteId)).status).toBe('open');
    expect((await read(token)).status).toBe(200);
  });

  it('takes no items with a quote, and refuses an address outside the area', async () => {
    const { token } = await quotedRequest(t, admin);
    const withItems = await bookQuote(token, '2026-12-14', '9:00 AM', { items: [await pick(t, 'furniture-assembly', 'Dresser')] });
    const message = "A booking from a quote takes the quote's work: leave out items.";
    expect(withItems.body).toEqual({ code: 'VALIDATION_ERROR', message, errors: { items: message } });
    const outside = await bookQuote(token, '2026-12-14', '9:00 AM', { address: '200 N Spring St, Los Angeles, CA 90012' });
    expect(outside.body.errors).toEqual({ address: "Sorry, we don't serve 90012 yet. Call us at (310) 555-0142 and we'll see what we can do." });
    // Neither a service nor a quote.
    const neither = await call(t.app, 'POST', '/api/bookings', { ip: freshIp(), body: { bookingDate: '2026-12-14', bookingTime: '9:00 AM', fullName: 'Dana Whitfield', phone: '(310) 555-0177', email: 'x@example.com', address: ESTIMATE_FIELDS.address } });
    expect(neither.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Please select a service type', errors: { serviceType: 'Please select a service type' } });
    expect((await read(token)).status).toBe(200);
  });

  it('opens the quote again when its booking’s hold runs out unpaid', async () => {
    const { id, quoteId, token } = await quotedRequest(t, admin);
    const date = '2026-12-15';
    const [start] = await offered(t, date, 150);
    const first = await bookQuote(token, date, start);
    expect(first.status, first.raw).toBe(201);
    expect((await read(token)).status).toBe(404);
    clock.advance(31 * 60_000);
    await WORKERS.find((w) => w.name === 'booking-hold-expiry')!.run(t.app);
    expect((await read(token)).status).toBe(200);
    expect((await estimateRow(id)).status).toBe('quoted');
    const second = await bookQuote(token, date, start);
    expect(second.status, second.raw).toBe(201);
    expect(await quoteRow(quoteId)).toMatchObject({ status: 'booked', bookedBookingId: second.body.id });
    expect((await estimateRow(id)).status).toBe('booked');
  });

  it('of 8 concurrent bookings from one quote, on 8 different days, exactly one wins; the others get 409 QUOTE_USED (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const { quoteId, token } = await quotedRequest(t, admin);
    const dates = ['2026-12-16', '2026-12-17', '2026-12-18', '2026-12-21', '2026-12-22', '2026-12-23', '2026-12-28', '2026-12-29'];
    const starts = await Promise.all(dates.map(async (d) => (await offered(t, d, 150))[0]));
    const results = await Promise.all(dates.map((d, i) => bookQuote(token, d, starts[i])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('QUOTE_USED');
    const made = await t.db.select().from(bookings).where(eq(bookings.totalCents, 32900));
    const won = results.find((r) => r.status === 201)!;
    expect(made.filter((b) => dates.includes(b.bookingDate)).map((b) => b.id)).toEqual([won.body.id]);
    expect((await quoteRow(quoteId)).bookedBookingId).toBe(won.body.id);
  });
});

describe('with texts off', () => {
  it('the request and the quote send email only', async () => {
    const before = (await t.db.select().from(smsOutbox)).length;
    const { id } = await submit(t);
    const quoteId = (await quote(t, admin, id)).body.quotes[0].id as number;
    expect(await quoteTokenOf(t, quoteId)).toMatch(/^[\w-]{43}$/);
    expect(await t.db.select().from(smsOutbox)).toHaveLength(before);
  });
});
