import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTUAL_MINUTES_MESSAGE } from '../../src/shared/actual-times';
import { ACTUAL_MINUTES_STATUS_MESSAGE } from '../../src/shared/schemas/admin';
import type { PricedLine } from '../../src/shared/schemas/price-list';
import { bookings, priceItems } from '../../src/server/db/schema';
import { call, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { book, offered, pick } from '../helpers/priced-jobs';

/**
 * Issue 22, part 4: times that learn. Completing a job may say how long it really took
 * (POST /api/admin/bookings/:id/status { status: 'completed', actualMinutes }); GET
 * /api/admin/price-items then gives each item the real time of one unit over its last 20
 * completed jobs that named it (shared/actual-times.ts).
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const clock = createClock('2026-12-01T17:00:00Z');
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = { cookie: (await sessionAs(t.db, 'admin')).cookie };
});
afterAll(async () => t?.close());

const setStatus = (id: number, body: unknown) => call(t.app, 'POST', `/api/admin/bookings/${id}/status`, { body, headers: admin });
const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const itemId = async (name: string) => (await t.db.select({ id: priceItems.id }).from(priceItems).where(eq(priceItems.name, name)))[0]!.id;
type TimedItem = { id: number; name: string; minutes: number; averageActualMinutes: number | null; actualJobCount: number };
const adminItems = async () => {
  const res = await call(t.app, 'GET', '/api/admin/price-items', { headers: admin });
  expect(res.status, res.raw).toBe(200);
  return res.body as TimedItem[];
};
const timesOf = async (name: string) => {
  const item = (await adminItems()).find((i) => i.name === name)!;
  return { averageActualMinutes: item.averageActualMinutes, actualJobCount: item.actualJobCount };
};

/** Two dressers anchored to the wall and a bed frame (275 listed minutes), booked at the first start offered on `date`, and confirmed. */
async function confirmedDressersAndBed(date: string): Promise<number> {
  const items = [await pick(t, 'furniture-assembly', 'Dresser', 2, ['Anchor to the wall (anti-tip)']), await pick(t, 'furniture-assembly', 'Bed frame')];
  const [start] = await offered(t, date, 285);
  expect(start).toBeDefined();
  const created = await book(t, date, start!, { items });
  expect(created.status, created.raw).toBe(201);
  const confirmed = await setStatus(created.body.id, { status: 'confirmed' });
  expect(confirmed.status, confirmed.raw).toBe(200);
  return created.body.id as number;
}

describe('POST /api/admin/bookings/:id/status with the real time', () => {
  it('keeps it with the completed job, whose item lines name their items; the answer’s lines stay as priced', async () => {
    const id = await confirmedDressersAndBed('2026-12-08');
    const res = await setStatus(id, { status: 'completed', actualMinutes: 330 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.message).toBe(`Booking #${id} is marked completed. The customer has been emailed a link to review the job.`);
    expect(res.body.booking.status).toBe('completed');
    // The answer's lines are the quote's shape: no item ids.
    expect(res.body.booking.lines).toEqual([
      { name: 'Dresser', quantity: 2, unitCents: 12900, amountCents: 25800, minutes: 180 },
      { name: 'Anchor to the wall (anti-tip)', quantity: 2, unitCents: 1500, amountCents: 3000, minutes: 20 },
      { name: 'Bed frame', quantity: 1, unitCents: 9900, amountCents: 9900, minutes: 75 },
    ]);
    const stored = await row(id);
    expect(stored.actualMinutes).toBe(330);
    expect(stored.lines.map((l) => l.itemId)).toEqual([await itemId('Dresser'), undefined, await itemId('Bed frame')]);
    // Today shows the time it took beside the booked length.
    const agenda = await call(t.app, 'GET', '/api/admin/agenda?from=2026-12-08', { headers: admin });
    expect(agenda.body.days[0].jobs.find((j: { id: number }) => j.id === id)).toMatchObject({ status: 'completed', durationMinutes: 285, actualMinutes: 330 });

    // 330 real minutes for 275 listed: 20 % more on each line. Two dressers got 216 (108 each), the bed 90.
    expect(await timesOf('Dresser')).toEqual({ averageActualMinutes: 108, actualJobCount: 1 });
    expect(await timesOf('Bed frame')).toEqual({ averageActualMinutes: 90, actualJobCount: 1 });
    expect(await timesOf('Desk')).toEqual({ averageActualMinutes: null, actualJobCount: 0 });
  });

  it('completes without it as before: no real time kept, nothing learned', async () => {
    const id = await confirmedDressersAndBed('2026-12-09');
    const before = await timesOf('Dresser');
    const res = await setStatus(id, { status: 'completed' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.message).toBe(`Booking #${id} is marked completed. The customer has been emailed a link to review the job.`);
    expect(await row(id)).toMatchObject({ status: 'completed', actualMinutes: null });
    const agenda = await call(t.app, 'GET', '/api/admin/agenda?from=2026-12-09', { headers: admin });
    expect(agenda.body.days[0].jobs.find((j: { id: number }) => j.id === id)).not.toHaveProperty('actualMinutes');
    expect(await timesOf('Dresser')).toEqual(before);
  });

  it.each([
    ['zero', { status: 'completed', actualMinutes: 0 }, ACTUAL_MINUTES_MESSAGE],
    ['negative', { status: 'completed', actualMinutes: -5 }, ACTUAL_MINUTES_MESSAGE],
    ['more than a day', { status: 'completed', actualMinutes: 1441 }, ACTUAL_MINUTES_MESSAGE],
    ['not whole', { status: 'completed', actualMinutes: 90.5 }, ACTUAL_MINUTES_MESSAGE],
    ['text', { status: 'completed', actualMinutes: '90' }, ACTUAL_MINUTES_MESSAGE],
    ['null', { status: 'completed', actualMinutes: null }, ACTUAL_MINUTES_MESSAGE],
    ['with another status', { status: 'cancelled', actualMinutes: 90 }, ACTUAL_MINUTES_STATUS_MESSAGE],
  ])('refuses a real time that is %s: 400 naming it, the booking unchanged', async (_label, body, message) => {
    const id = await confirmedDressersAndBed('2026-12-10');
    const res = await setStatus(id, body);
    expect(res.status, res.raw).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR', errors: { actualMinutes: message } });
    expect(await row(id)).toMatchObject({ status: 'confirmed', actualMinutes: null });
    // Cancelled, the next case can book the same start.
    expect((await setStatus(id, { status: 'cancelled' })).status).toBe(200);
  });

  it('1 and 1440 minutes are real times', async () => {
    for (const [date, actualMinutes] of [
      ['2026-12-11', 1],
      ['2026-12-14', 1440],
    ] as const) {
      const id = await confirmedDressersAndBed(date);
      expect((await setStatus(id, { status: 'completed', actualMinutes })).status).toBe(200);
      expect((await row(id)).actualMinutes).toBe(actualMinutes);
    }
  });
});

describe('GET /api/admin/price-items: the real time of one unit', () => {
  /** A completed job of `chairs` chairs on day `day` of 2026-11 (its start orders the jobs), as stored. */
  async function completedChairs(day: number, chairs: number, actualMinutes: number | null, line: Partial<PricedLine> = {}, status = 'completed') {
    const chair = await itemId('Chair or stool');
    const bookingDate = `2026-11-${String(day).padStart(2, '0')}`;
    const lines: PricedLine[] = [{ name: 'Chair or stool', quantity: chairs, unitCents: 3500, amountCents: 3500 * chairs, minutes: 20 * chairs, itemId: chair, ...line }];
    await t.db.insert(bookings).values({
      serviceType: 'furniture-assembly',
      bookingDate,
      bookingTime: '9:00 AM',
      startsAt: new Date(`${bookingDate}T17:00:00Z`),
      fullName: 'Casey Chairs',
      email: `chairs-${day}@example.com`,
      phone: '(310) 555-0177',
      address: '1234 Ocean Ave, Santa Monica, CA 90401',
      status,
      durationMinutes: 30,
      lines,
      totalCents: lines[0]!.amountCents,
      actualMinutes,
    });
  }

  it('averages its last 20 completed jobs with a real time, the latest start first, weighing each by its units', async () => {
    // The 20 most recent: chairs that took 30 minutes each (listed 20).
    for (let day = 6; day <= 25; day += 1) await completedChairs(day, day % 2 === 0 ? 2 : 1, 30 * (day % 2 === 0 ? 2 : 1));
    // Older jobs, stored later (higher ids): 10 hours a chair, which would move the average if read.
    await completedChairs(5, 1, 600);
    await completedChairs(1, 3, 1440);
    // Not read: later jobs without a real time, not completed, or whose line names no item (stored before).
    await completedChairs(27, 1, null);
    await completedChairs(28, 1, 900, {}, 'cancelled');
    await completedChairs(29, 1, 900, { itemId: undefined });

    expect(await timesOf('Chair or stool')).toEqual({ averageActualMinutes: 30, actualJobCount: 20 });

    // A newer job pushes the oldest of the 20 out: 20 jobs still, 29 chairs in 900 + 28 × 30 minutes.
    await completedChairs(26, 1, 900);
    const { averageActualMinutes, actualJobCount } = await timesOf('Chair or stool');
    expect(actualJobCount).toBe(20);
    // Out: day 6 (2 chairs in 60). In: 1 chair in 900. The 20 hold 29 chairs in 1740 minutes.
    expect(averageActualMinutes).toBe(Math.round(1740 / 29));
  });
});
