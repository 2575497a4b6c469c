import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedTimes, bookings, calendarBusy, calendarFeeds, services } from '../../src/server/db/schema';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

let t: TestApp;
// Thursday 2026-10-01, 12:00 in Los Angeles (PDT, UTC-7).
const clock = createClock('2026-10-01T19:00:00.000Z');
let admin: { id: number; cookie: string };
let customer: { id: number; cookie: string };

const signIn = (role: 'admin' | 'customer') => sessionAs(t.db, role);

/** A booking on `date` at `time` (PDT wall clock, October 2026). */
async function makeBooking(date: string, time: string, values: Partial<typeof bookings.$inferInsert> = {}) {
  const [hm, ampm] = time.split(' ');
  const [h, m] = hm.split(':').map(Number);
  const hour = (h % 12) + (ampm === 'PM' ? 12 : 0);
  const [y, mo, d] = date.split('-').map(Number);
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: time,
      startsAt: new Date(Date.UTC(y, mo - 1, d, hour + 7, m)),
      fullName: 'Pat Customer',
      email: 'pat@example.com',
      phone: '(310) 555-0100',
      address: '123 Ocean Ave, Santa Monica, CA 90401',
      status: 'confirmed',
      depositPaid: true,
      durationMinutes: 90,
      ...values,
    })
    .returning();
  return row;
}

const asAdmin = (url: string) => injectJson(t.app, 'GET', url, undefined, { cookie: admin.cookie });

const MONDAY = '2026-10-05';
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signIn('admin');
  customer = await signIn('customer');
  await t.db.update(services).set({ name: 'TV & Wall Mounting' }).where(eq(services.slug, 'tv-mounting'));
  expect((await injectJson(t.app, 'PATCH', '/api/admin/settings', { crews: 2, closedDates: ['2026-10-06'] }, { cookie: admin.cookie })).status).toBe(200);

  const afternoon = await makeBooking(MONDAY, '1:00 PM', { crew: 2, fullName: 'Ana Afternoon', specialInstructions: 'Gate code 1234' });
  const morning = await makeBooking(MONDAY, '9:00 AM', {
    crew: 1,
    serviceType: 'furniture-assembly',
    durationMinutes: 120,
    fullName: 'Mo Morning',
    status: 'pending',
    depositPaid: false,
    holdExpiresAt: new Date('2026-10-01T19:30:00Z'),
    areaChecked: null,
  });
  const early = await makeBooking(MONDAY, '8:00 AM', { crew: 2, status: 'completed', fullName: 'Ed Early', durationMinutes: 60, areaChecked: true });
  const refunding = await makeBooking(MONDAY, '3:00 PM', { crew: 1, status: 'rescheduling', refundStatus: 'pending', fullName: 'Ray Refund' });
  await makeBooking(MONDAY, '11:00 AM', { crew: 1, status: 'cancelled', fullName: 'Cy Cancelled' });
  await makeBooking(MONDAY, '12:00 PM', { crew: 1, status: 'pending', depositPaid: false, holdExpiresAt: new Date('2026-10-01T18:00:00Z'), fullName: 'Lee Lapsed' });
  await makeBooking('2026-10-07', '10:00 AM', { crew: 1, fullName: 'Wendy Wednesday', serviceType: 'custom-project' });
  ids = { afternoon: afternoon.id, morning: morning.id, early: early.id, refunding: refunding.id };

  await t.db.insert(blockedTimes).values([
    { userId: admin.id, isBusiness: true, date: MONDAY, time: '4:00 PM', endTime: '6:00 PM' },
    { userId: admin.id, isBusiness: true, date: MONDAY, time: '11:00 AM', endTime: '12:00 PM' },
    // A customer's own unavailability is not the business's.
    { userId: customer.id, isBusiness: false, date: MONDAY, time: '2:00 PM', endTime: '3:00 PM' },
  ]);
  const [feed] = await t.db.insert(calendarFeeds).values({ name: 'Personal', url: 'https://calendar.example.com/a.ics' }).returning();
  await t.db.insert(calendarBusy).values([
    // Monday 12:00-12:30 PM PDT.
    { feedId: feed.id, startsAt: new Date('2026-10-05T19:00:00Z'), endsAt: new Date('2026-10-05T19:30:00Z') },
    // Monday 10:00 PM to Tuesday 2:00 AM PDT: on both days, cut at midnight.
    { feedId: feed.id, startsAt: new Date('2026-10-06T05:00:00Z'), endsAt: new Date('2026-10-06T09:00:00Z') },
    // Sunday, outside a Monday-only request.
    { feedId: feed.id, startsAt: new Date('2026-10-04T17:00:00Z'), endsAt: new Date('2026-10-04T18:00:00Z') },
  ]);
});
afterAll(async () => t?.close());

describe('GET /api/admin/agenda', () => {
  it("lists a day's jobs in time order with their end times, service, crew, customer, deposit and notes", async () => {
    const res = await asAdmin(`/api/admin/agenda?from=${MONDAY}`);
    expect(res.status).toBe(200);
    expect(res.body.today).toBe('2026-10-01');
    expect(res.body.days).toHaveLength(1);
    const [day] = res.body.days;
    expect(day).toMatchObject({ date: MONDAY, hours: { open: '08:00', close: '18:00' }, closed: null, crews: 2 });
    expect(day.jobs.map((j: { id: number; startTime: string; endTime: string }) => [j.id, j.startTime, j.endTime])).toEqual([
      [ids.early, '8:00 AM', '9:00 AM'],
      [ids.morning, '9:00 AM', '11:00 AM'],
      [ids.afternoon, '1:00 PM', '2:30 PM'],
      [ids.refunding, '3:00 PM', '4:30 PM'],
    ]);
    expect(day.jobs[2]).toEqual({
      id: ids.afternoon,
      status: 'confirmed',
      startsAt: '2026-10-05T20:00:00.000Z',
      // start + 90 minutes: the travel buffer is not part of the job.
      endsAt: '2026-10-05T21:30:00.000Z',
      startTime: '1:00 PM',
      endTime: '2:30 PM',
      durationMinutes: 90,
      serviceType: 'tv-mounting',
      serviceName: 'TV & Wall Mounting',
      crew: 2,
      customerName: 'Ana Afternoon',
      email: 'pat@example.com',
      phone: '(310) 555-0100',
      address: '123 Ocean Ave, Santa Monica, CA 90401',
      deposit: { state: 'paid', amount: 5000 },
      notes: 'Gate code 1234',
      areaChecked: null,
      canSendOnMyWay: false,
      invoice: null,
    });
    expect(day.jobs[1]).toMatchObject({ status: 'pending', serviceName: 'Furniture Assembly', crew: 1, deposit: { state: 'unpaid', amount: 5000 }, notes: null, areaChecked: null });
    expect(day.jobs[0]).toMatchObject({ status: 'completed', areaChecked: true });
    expect(day.jobs[3]).toMatchObject({ status: 'rescheduling', deposit: { state: 'refund_pending', amount: 5000 } });
  });

  it("draws the day's business blocks and imported busy times, cut at the day's edges", async () => {
    const [day] = (await asAdmin(`/api/admin/agenda?from=${MONDAY}&days=1`)).body.days;
    expect(day.blocks).toEqual([
      { startsAt: '2026-10-05T18:00:00.000Z', endsAt: '2026-10-05T19:00:00.000Z', startTime: '11:00 AM', endTime: '12:00 PM' },
      { startsAt: '2026-10-05T23:00:00.000Z', endsAt: '2026-10-06T01:00:00.000Z', startTime: '4:00 PM', endTime: '6:00 PM' },
    ]);
    expect(day.busy).toEqual([
      { startsAt: '2026-10-05T19:00:00.000Z', endsAt: '2026-10-05T19:30:00.000Z', startTime: '12:00 PM', endTime: '12:30 PM' },
      { startsAt: '2026-10-06T05:00:00.000Z', endsAt: '2026-10-06T07:00:00.000Z', startTime: '10:00 PM', endTime: null },
    ]);
  });

  it('answers a week: closed weekdays and closed dates have no hours, busy times carry over midnight', async () => {
    const res = await asAdmin('/api/admin/agenda?from=2026-10-04&days=7');
    expect(res.status).toBe(200);
    const days = res.body.days as Array<{ date: string; hours: unknown; closed: string | null; jobs: Array<{ customerName: string }>; busy: unknown[] }>;
    expect(days.map((d) => d.date)).toEqual(['2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09', '2026-10-10']);
    expect(days.map((d) => d.closed)).toEqual(['weekday', null, 'closed_date', null, null, null, null]);
    expect(days[0].hours).toBeNull();
    expect(days[2].hours).toBeNull();
    expect(days[6].hours).toEqual({ open: '09:00', close: '16:00' });
    expect(days[0].busy).toEqual([{ startsAt: '2026-10-04T17:00:00.000Z', endsAt: '2026-10-04T18:00:00.000Z', startTime: '10:00 AM', endTime: '11:00 AM' }]);
    expect(days[2].busy).toEqual([{ startsAt: '2026-10-06T07:00:00.000Z', endsAt: '2026-10-06T09:00:00.000Z', startTime: null, endTime: '2:00 AM' }]);
    expect(days[1].jobs).toHaveLength(4);
    expect(days[3].jobs.map((j) => j.customerName)).toEqual(['Wendy Wednesday']);
    expect(days[4].jobs).toEqual([]);
  });

  it('cuts a busy time at the business midnight on the night clocks fall back (a 25-hour day)', async () => {
    const [feed] = await t.db.insert(calendarFeeds).values({ name: 'Night shift', url: 'https://calendar.example.com/b.ics' }).returning();
    // Saturday Oct 31 11:00 PM PDT to Sunday Nov 1 3:00 AM PST: five hours of real time.
    await t.db.insert(calendarBusy).values({ feedId: feed.id, startsAt: new Date('2026-11-01T06:00:00Z'), endsAt: new Date('2026-11-01T11:00:00Z') });
    const res = await asAdmin('/api/admin/agenda?from=2026-10-31&days=2');
    expect(res.status).toBe(200);
    const [saturday, sunday] = res.body.days;
    expect(saturday.busy).toEqual([{ startsAt: '2026-11-01T06:00:00.000Z', endsAt: '2026-11-01T07:00:00.000Z', startTime: '11:00 PM', endTime: null }]);
    expect(sunday.busy).toEqual([{ startsAt: '2026-11-01T07:00:00.000Z', endsAt: '2026-11-01T11:00:00.000Z', startTime: null, endTime: '3:00 AM' }]);
  });

  it("shows a completed job's invoice: its draft at completion, then where it stands and what is still owed", async () => {
    const done = await injectJson(t.app, 'POST', `/api/admin/bookings/${ids.afternoon}/status`, { status: 'completed' }, { cookie: admin.cookie });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const job = async () => ((await asAdmin(`/api/admin/agenda?from=${MONDAY}`)).body.days[0].jobs as { id: number; invoice: unknown }[]).find((j) => j.id === ids.afternoon)!;
    const draft = await injectJson(t.app, 'GET', `/api/admin/bookings/${ids.afternoon}/invoice`, undefined, { cookie: admin.cookie });
    expect(draft.status).toBe(200);
    // TV mounting at its service price, the paid $50 deposit credited.
    expect((await job()).invoice).toEqual({ id: draft.body.id, number: null, status: 'draft', totalCents: draft.body.totalCents, balanceCents: draft.body.totalCents - 5000 });
    expect(draft.body.totalCents).toBeGreaterThan(5000);

    const cash = await injectJson(t.app, 'POST', `/api/admin/invoices/${draft.body.id}/payments`, { method: 'cash', amountCents: 1000 }, { cookie: admin.cookie });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect((await job()).invoice).toEqual({ id: draft.body.id, number: cash.body.invoice.number, status: 'partly_paid', totalCents: draft.body.totalCents, balanceCents: draft.body.totalCents - 6000 });
    expect(cash.body.invoice.number).toMatch(/^INV-2026-\d{4}$/);
  });

  it('refuses a bad date or number of days with a message', async () => {
    const cases: Array<[string, string, Record<string, string>]> = [
      ['', 'Enter a date as yyyy-MM-dd', { from: 'Enter a date as yyyy-MM-dd' }],
      ['?from=2026-02-30', 'Enter a real calendar date', { from: 'Enter a real calendar date' }],
      ['?from=tomorrow', 'Enter a date as yyyy-MM-dd', { from: 'Enter a date as yyyy-MM-dd' }],
      [`?from=${MONDAY}&days=0`, 'Choose from 1 to 14 days', { days: 'Choose from 1 to 14 days' }],
      [`?from=${MONDAY}&days=15`, 'Choose from 1 to 14 days', { days: 'Choose from 1 to 14 days' }],
      [`?from=${MONDAY}&days=abc`, 'Choose from 1 to 14 days', { days: 'Choose from 1 to 14 days' }],
      [`?from=${MONDAY}&days=`, 'Choose from 1 to 14 days', { days: 'Choose from 1 to 14 days' }],
    ];
    for (const [query, message, errors] of cases) {
      const res = await asAdmin(`/api/admin/agenda${query}`);
      expect({ query, status: res.status, code: res.body?.code, errors: res.body?.errors }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR', errors });
      expect(res.body.message).toContain(message);
    }
  });

  it('is for the business only: 401 signed out, 403 to a customer', async () => {
    const out = await injectJson(t.app, 'GET', `/api/admin/agenda?from=${MONDAY}`);
    expect(out.status).toBe(401);
    expect(out.body.code).toBe('UNAUTHENTICATED');
    const asCustomer = await injectJson(t.app, 'GET', `/api/admin/agenda?from=${MONDAY}`, undefined, { cookie: customer.cookie });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only the business can do that.' });
  });
});
