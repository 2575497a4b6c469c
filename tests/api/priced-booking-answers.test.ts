import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox } from '../../src/server/db/schema';
import { call, freshIp, sessionAs, signUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { book, offered, payDeposit, pick } from '../helpers/priced-jobs';
import { sendEmailNow } from '../helpers/sent-mail';

/**
 * Issue 22: a booking's lines and total in every answer about it and in its confirmation email,
 * and moves and crew changes that keep the job's own length and crew need.
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles; each test books on its own later dates.
const clock = createClock('2026-12-01T17:00:00Z');
const BUSINESS_EMAIL = 'owner@priced.example';
const PUBLIC_URL = 'http://localhost:5000';
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { BUSINESS_EMAIL } });
  admin = { cookie: (await sessionAs(t.db, 'admin')).cookie };
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect((await call(t.app, 'PATCH', '/api/admin/settings', { body: { crewSizes: [2] }, headers: admin })).status).toBe(200);
});

const LINES = [
  { name: 'Dresser', quantity: 2, unitCents: 12900, amountCents: 25800, minutes: 180 },
  { name: 'Anchor to the wall (anti-tip)', quantity: 2, unitCents: 1500, amountCents: 3000, minutes: 20 },
  { name: 'Bed frame', quantity: 1, unitCents: 9900, amountCents: 9900, minutes: 75 },
];
const JOB = { lines: LINES, totalCents: 38700 };
const items = async () => [await pick(t, 'furniture-assembly', 'Dresser', 2, ['Anchor to the wall (anti-tip)']), await pick(t, 'furniture-assembly', 'Bed frame')];
const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

/** Two dressers and a bed frame (4 h 45 min) booked at the first start offered for them on `date`, deposit paid. */
async function pricedBooking(date: string, sid?: string) {
  const created = await book(t, date, (await offered(t, date, 285))[0], { items: await items() }, sid);
  expect(created.status, created.raw).toBe(201);
  await payDeposit(t, created);
  return { id: created.body.id as number, email: created.body.email as string };
}

async function sentEmail(kind: string, to: string) {
  const [queued] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to))).orderBy(desc(emailOutbox.id)).limit(1);
  return sendEmailNow(t.app, queued.id);
}

async function manageToken(email: string): Promise<string> {
  const { text } = await sentEmail('booking_confirmed', email);
  return new RegExp(`${PUBLIC_URL}/booking/([A-Za-z0-9_-]{43})`).exec(text)![1];
}

describe('the answers about a booking', () => {
  it('carry its lines and total: My Bookings, the manage link, the owner’s Bookings, Today and Week', async () => {
    const date = '2026-12-07';
    const { sid } = await signUp(t.app);
    const { id, email } = await pricedBooking(date, sid);
    const plain = await book(t, date, (await offered(t, date, 120)).at(-1)!);
    expect(plain.status, plain.raw).toBe(201);

    const mine = await call(t.app, 'GET', '/api/dashboard/bookings', { sid });
    expect(mine.body.bookings).toEqual([expect.objectContaining({ id, ...JOB })]);

    const managed = await call(t.app, 'GET', `/api/manage/${await manageToken(email)}`, { ip: freshIp() });
    expect(managed.body).toMatchObject({ ...JOB, serviceName: 'Furniture Assembly', bookingDate: date });

    const listed = (await call(t.app, 'GET', `/api/admin/bookings?from=${date}&to=${date}`, { headers: admin })).body.bookings;
    expect(listed.find((b: { id: number }) => b.id === id)).toMatchObject({ ...JOB, twoPeople: false, durationMinutes: 285 });
    // A job booked as a whole answers as it always has: no lines, no total.
    const asWhole = listed.find((b: { id: number }) => b.id === plain.body.id);
    for (const field of ['lines', 'totalCents', 'twoPeople']) expect(asWhole).not.toHaveProperty(field);

    const agenda = (await call(t.app, 'GET', `/api/admin/agenda?from=${date}&days=7`, { headers: admin })).body;
    const jobs = agenda.days.find((d: { date: string }) => d.date === date).jobs;
    expect(jobs.find((j: { id: number }) => j.id === id)).toMatchObject({ ...JOB, twoPeople: false, durationMinutes: 285 });
    expect(jobs.find((j: { id: number }) => j.id === plain.body.id)).not.toHaveProperty('lines');
  });

  it('in the confirmation emails, text and HTML: a small table of the lines and the total', async () => {
    const { email } = await pricedBooking('2026-12-08');
    const confirmed = await sentEmail('booking_confirmed', email);
    expect(confirmed.text).toContain(
      [
        'Your job',
        '2 × Dresser: $258.00',
        '2 × Anchor to the wall (anti-tip): $30.00',
        '1 × Bed frame: $99.00',
        'Total: $387.00',
        'The $50 deposit paid counts toward the total.',
      ].join('\n'),
    );
    expect(confirmed.html).toContain('<td style="padding:6px 12px 6px 0">2 × Anchor to the wall (anti-tip)</td><td align="right" style="padding:6px 0">$30.00</td>');
    expect(confirmed.html).toMatch(/<strong>Total<\/strong>.*<strong>\$387\.00<\/strong>/);
    const business = await sentEmail('booking_new', BUSINESS_EMAIL);
    expect(business.text).toContain('1 × Bed frame: $99.00\nTotal: $387.00');
  });
});

describe('moves and crew changes keep the job', () => {
  it('the owner’s move keeps its length and lines, and refuses a start too short for it', async () => {
    const { id } = await pricedBooking('2026-12-09');
    const to = '2026-12-10';
    // A one-hour job late in the day: the morning starts free for an hour but not for 4 h 45 min.
    expect((await book(t, to, (await offered(t, to, 60)).at(-1)!, { serviceType: 'shelf-mounting' })).status).toBe(201);
    const long = await offered(t, to, 285);
    const tooShort = (await offered(t, to, 60)).find((s) => !long.includes(s))!;
    const refused = await call(t.app, 'POST', `/api/admin/bookings/${id}/move`, { headers: admin, body: { date: to, time: tooShort } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'JOB_DOES_NOT_FIT', message: 'That time is too short for Furniture Assembly, which takes about 4 hours 45 minutes. Please pick another time.' });

    const moved = await call(t.app, 'POST', `/api/admin/bookings/${id}/move`, { headers: admin, body: { date: to, time: long[0] } });
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body.booking).toMatchObject({ bookingDate: to, bookingTime: long[0], durationMinutes: 285, ...JOB });
    expect(await row(id)).toMatchObject({ bookingDate: to, durationMinutes: 285, lines: LINES, totalCents: 38700 });
  });

  it('the customer’s move by the manage link is offered and takes only starts where the whole job fits', async () => {
    const { id, email } = await pricedBooking('2026-12-11');
    const token = await manageToken(email);
    const to = '2026-12-14';
    const slots = await call(t.app, 'GET', `/api/manage/${token}/slots?date=${to}`, { ip: freshIp() });
    expect((slots.body as { slotTime: string }[]).map((s) => s.slotTime)).toEqual(await offered(t, to, 285));
    const start = (await offered(t, to, 285)).at(-1)!;
    const moved = await call(t.app, 'POST', `/api/manage/${token}/move`, { ip: freshIp(), body: { bookingDate: to, bookingTime: start } });
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body.booking).toMatchObject({ bookingDate: to, bookingTime: start, ...JOB });
    expect(await row(id)).toMatchObject({ durationMinutes: 285, lines: LINES });
  });

  it('a two-person job stays with crews of two: the owner’s crew change and move', async () => {
    expect((await call(t.app, 'PATCH', '/api/admin/settings', { body: { crewSizes: [1, 2, 2] }, headers: admin })).status).toBe(200);
    const date = '2026-12-15';
    const bigTv = [await pick(t, 'tv-mounting', 'TV 65 to 75 inches')];
    const created = await book(t, date, (await offered(t, date, 90, true))[0], { serviceType: 'tv-mounting', items: bigTv });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as number;
    expect(await row(id)).toMatchObject({ crew: 2, twoPeople: true });

    const toOne = await call(t.app, 'POST', `/api/admin/bookings/${id}/crew`, { headers: admin, body: { crew: 1 } });
    expect(toOne.status).toBe(400);
    expect(toOne.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { crew: 'Crew 1 is one person, and this job needs two. Pick a crew of two.' } });
    const toThree = await call(t.app, 'POST', `/api/admin/bookings/${id}/crew`, { headers: admin, body: { crew: 3 } });
    expect(toThree.body.booking).toMatchObject({ crew: 3, twoPeople: true, lines: [expect.objectContaining({ name: 'TV 65 to 75 inches' })] });

    // Crews 2 and 3 busy at the new start (with two more two-person jobs): crew 1 is free, yet the move is refused.
    const to = '2026-12-16';
    const [start] = await offered(t, to, 90, true);
    for (let i = 0; i < 2; i++) expect((await book(t, to, start, { serviceType: 'tv-mounting', items: bigTv })).status).toBe(201);
    const refused = await call(t.app, 'POST', `/api/admin/bookings/${id}/move`, { headers: admin, body: { date: to, time: start } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('JOB_DOES_NOT_FIT');
    expect(await row(id)).toMatchObject({ bookingDate: date, crew: 3 });
  });
});
