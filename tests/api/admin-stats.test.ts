import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, estimates, quotes } from '../../src/server/db/schema';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

let t: TestApp;
// Wednesday 2026-10-07, 12:00 in Los Angeles (PDT, UTC-7): this week starts Monday 2026-10-05.
const clock = createClock('2026-10-07T19:00:00.000Z');
let adminCookie: string;
let customerCookie: string;

const signIn = async (role: 'admin' | 'customer') => (await sessionAs(t.db, role)).cookie;

let hour = 0;
/** A booking on `date`; each call gets its own hour of crew 1 (PDT, before November), so jobs never overlap. */
async function book(date: string, values: Partial<typeof bookings.$inferInsert> = {}) {
  const h = 8 + (hour++ % 9);
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: `${h > 12 ? h - 12 : h}:00 ${h >= 12 ? 'PM' : 'AM'}`,
      startsAt: new Date(`${date}T${String(h + 7).padStart(2, '0')}:00:00Z`),
      fullName: 'Stats Customer',
      email: 'stats@example.com',
      phone: '310-555-0100',
      address: '1 Main St, Santa Monica, CA 90401',
      status: 'confirmed',
      depositPaid: true,
      durationMinutes: 60,
      ...values,
    })
    .returning();
  return row;
}

/** A quote sent at `sentAt` for a request of its own, in `status`. */
async function quote(sentAt: string, status: 'open' | 'booked' | 'declined' | 'expired' | 'withdrawn') {
  const [request] = await t.db
    .insert(estimates)
    .values({ status: 'quoted', description: 'Wall of shelves', fullName: 'Stats Customer', email: 'stats@example.com', phone: '310-555-0100', address: '1 Main St, Santa Monica, CA 90401' })
    .returning();
  await t.db.insert(quotes).values({
    estimateId: request.id,
    lines: [{ name: 'Shelves', quantity: 1, unitCents: 20000, amountCents: 20000, minutes: 120 }],
    totalCents: 20000,
    minutes: 120,
    validUntil: '2026-12-31',
    status,
    createdAt: new Date(sentAt),
  });
}

const getStats = (cookie?: string) => injectJson(t.app, 'GET', '/api/admin/stats', undefined, cookie ? { cookie } : {});

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = await signIn('admin');
  customerCookie = await signIn('customer');
  const settings = await injectJson(
    t.app,
    'PATCH',
    '/api/admin/settings',
    {
      crews: 2,
      closedDates: ['2026-10-09'],
      hours: { '0': null, '1': { open: '08:00', close: '18:00' }, '2': { open: '08:00', close: '18:00' }, '3': { open: '08:00', close: '18:00' }, '4': { open: '08:00', close: '18:00' }, '5': { open: '08:00', close: '18:00' }, '6': { open: '09:00', close: '16:00' } },
    },
    { cookie: adminCookie },
  );
  expect(settings.status).toBe(200);

  const now = clock.now();
  // Before the first week shown (the week of July 13): left out.
  await book('2026-07-17');
  // The first week shown (July 20).
  await book('2026-07-21');
  // The week of September 28.
  await book('2026-09-29', { status: 'completed', serviceType: 'furniture-assembly' });
  // An abandoned checkout: unpaid, its hold lapsed; not a booking.
  await book('2026-09-30', { status: 'pending', depositPaid: false, holdExpiresAt: new Date(now.getTime() - 60_000) });
  // A lapsed hold the release job cancelled: not a cancellation either.
  await book('2026-10-01', { status: 'cancelled', depositPaid: false, cancelReason: 'hold_expired', cancelledAt: new Date('2026-09-30T18:00:00Z') });
  // Cancelled on Wednesday Sep 30 for a job on Oct 20, refunded on Thursday Oct 1 (Los Angeles time).
  await book('2026-10-20', {
    status: 'cancelled',
    cancelReason: 'customer',
    cancelledAt: new Date('2026-09-30T20:00:00Z'),
    refundStatus: 'refunded',
    refundedAt: new Date('2026-10-01T18:00:00Z'),
  });
  // Cancelled at 10 PM on Sunday Oct 4 in Los Angeles (already Monday in UTC): the week of Sep 28. Deposit kept.
  await book('2026-10-06', { status: 'cancelled', cancelReason: 'business', cancelledAt: new Date('2026-10-05T05:00:00Z'), refundStatus: 'kept' });
  // This week: today, tomorrow (a live unpaid hold), and Friday, a closed date.
  // Today's job was priced from the price list: its total, not its service's price, is its value.
  await book('2026-10-07', { serviceType: 'furniture-assembly', durationMinutes: 120, totalCents: 27500, lines: [{ name: 'Dresser', quantity: 2, unitCents: 13750, amountCents: 27500, minutes: 120 }] });
  await book('2026-10-08', { status: 'pending', depositPaid: false, holdExpiresAt: new Date(now.getTime() + 10 * 60_000), durationMinutes: 90 });
  await book('2026-10-09', { serviceType: 'shelf-mounting' });
  // Next week: Tuesday (the seventh day of the fill rate) and Wednesday (past it).
  await book('2026-10-13', { serviceType: 'custom-project' });
  await book('2026-10-14', { serviceType: 'custom-project' });
  // The last week shown (Nov 2), deposit not paid yet; and the week after it, left out.
  await book('2026-11-03', { depositPaid: false });
  await book('2026-11-10');

  // Quotes: one sent before the first week shown (left out); at 10 PM on Sunday Oct 4 in Los
  // Angeles (the week of Sep 28); three this week, one of them replaced by a newer one (not counted).
  await quote('2026-07-15T18:00:00Z', 'booked');
  await quote('2026-10-05T05:00:00Z', 'booked');
  await quote('2026-10-05T18:00:00Z', 'declined');
  await quote('2026-10-06T18:00:00Z', 'withdrawn');
  await quote('2026-10-07T18:00:00Z', 'open');
  await quote('2026-10-07T18:30:00Z', 'booked');
});
afterAll(async () => t?.close());

describe('GET /api/admin/stats', () => {
  it('is for the business only', async () => {
    expect((await getStats()).status).toBe(401);
    const customer = await getStats(customerCookie);
    expect(customer.status).toBe(403);
    expect(customer.body.message).toBe('Only the business can do that.');
  });

  it('counts bookings and deposits per Monday week, twelve weeks back and four ahead', async () => {
    const res = await getStats(adminCookie);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Los_Angeles');
    expect(res.body.today).toBe('2026-10-07');
    const weeks = res.body.weeks as { weekStart: string; when: string; bookings: number; depositsDollars: number }[];
    expect(weeks).toHaveLength(16);
    expect(weeks[0].weekStart).toBe('2026-07-20');
    expect(weeks[11]).toMatchObject({ weekStart: '2026-10-05', when: 'current' });
    expect(weeks[15].weekStart).toBe('2026-11-02');
    expect(weeks.filter((w) => w.when === 'past')).toHaveLength(11);
    expect(weeks.filter((w) => w.when === 'future').map((w) => w.weekStart)).toEqual(['2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02']);

    const nonZero = weeks.filter((w) => w.bookings || w.depositsDollars).map((w) => [w.weekStart, w.bookings, w.depositsDollars]);
    expect(nonZero).toEqual([
      ['2026-07-20', 1, 50],
      ['2026-09-28', 1, 50],
      // Three bookings; deposits of two of them plus the one kept from Tuesday's cancelled job.
      ['2026-10-05', 3, 150],
      ['2026-10-12', 2, 100],
      ['2026-11-02', 1, 0],
    ]);
  });

  it("values each week's counted jobs at their priced total or their service's price, and averages the last twelve weeks", async () => {
    const res = await getStats(adminCookie);
    const weeks = res.body.weeks as { weekStart: string; bookedDollars: number }[];
    const nonZero = weeks.filter((w) => w.bookedDollars).map((w) => [w.weekStart, w.bookedDollars]);
    expect(nonZero).toEqual([
      ['2026-07-20', 129],
      ['2026-09-28', 89],
      // $275 priced, a live hold's TV mounting ($129) and a shelf ($79); the lapsed holds and the cancelled jobs are not counted.
      ['2026-10-05', 483],
      ['2026-10-12', 198],
      ['2026-11-02', 129],
    ]);
    // Five jobs up to and including this week, $701 in all.
    expect(res.body.averageJobDollars).toBe(140.2);
  });

  it('counts the quotes sent per week on the business clock and the share approved, a replaced quote left out', async () => {
    const res = await getStats(adminCookie);
    expect(res.status).toBe(200);
    const weeks = res.body.weeks as { weekStart: string; quotesSent: number; quotesApproved: number }[];
    const nonZero = weeks.filter((w) => w.quotesSent).map((w) => [w.weekStart, w.quotesSent, w.quotesApproved]);
    expect(nonZero).toEqual([
      ['2026-09-28', 1, 1],
      ['2026-10-05', 3, 1],
    ]);
    expect(res.body.quotes).toEqual({ sent: 4, approved: 2, approvedShare: 0.5 });
  });

  it('counts cancellations and refunds in the week they happened, on the business clock', async () => {
    const res = await getStats(adminCookie);
    const weeks = res.body.weeks as { weekStart: string; cancellations: number; cancelledDepositsDollars: number; refunds: number; refundsDollars: number }[];
    const nonZero = weeks.filter((w) => w.cancellations || w.refunds).map((w) => [w.weekStart, w.cancellations, w.cancelledDepositsDollars, w.refunds, w.refundsDollars]);
    expect(nonZero).toEqual([['2026-09-28', 2, 100, 1, 50]]);
  });

  it('measures the coming seven days: booked job minutes over open crew minutes, closed dates left out', async () => {
    const res = await getStats(adminCookie);
    const fill = res.body.fillRate;
    expect(fill).toMatchObject({ from: '2026-10-07', to: '2026-10-13', crews: 2, openMinutes: 5640, bookedMinutes: 330 });
    expect(fill.rate).toBeCloseTo(330 / 5640, 10);
    expect(fill.days).toEqual([
      { date: '2026-10-07', openMinutes: 1200, bookedMinutes: 120, closedReason: null },
      { date: '2026-10-08', openMinutes: 1200, bookedMinutes: 90, closedReason: null },
      { date: '2026-10-09', openMinutes: 0, bookedMinutes: 60, closedReason: 'closed-date' },
      { date: '2026-10-10', openMinutes: 840, bookedMinutes: 0, closedReason: null },
      { date: '2026-10-11', openMinutes: 0, bookedMinutes: 0, closedReason: 'no-hours' },
      { date: '2026-10-12', openMinutes: 1200, bookedMinutes: 0, closedReason: null },
      { date: '2026-10-13', openMinutes: 1200, bookedMinutes: 60, closedReason: null },
    ]);
  });

  it('counts bookings per service over the twelve weeks, most first, with the services’ names', async () => {
    const res = await getStats(adminCookie);
    expect(res.body.servicesFrom).toBe('2026-07-20');
    expect(res.body.servicesTo).toBe('2026-10-11');
    expect(res.body.services).toEqual([
      { serviceType: 'furniture-assembly', name: 'Furniture Assembly', bookings: 2 },
      { serviceType: 'tv-mounting', name: 'TV Mounting', bookings: 2 },
      { serviceType: 'shelf-mounting', name: 'Shelf Mounting', bookings: 1 },
    ]);
  });

  it('follows the clock: a week later the weeks move on and the fill rate has no open time on a closed week', async () => {
    clock.set('2026-10-14T19:00:00.000Z');
    try {
      const patch = await injectJson(t.app, 'PATCH', '/api/admin/settings', { closedDates: ['2026-10-14', '2026-10-15', '2026-10-16', '2026-10-17', '2026-10-19', '2026-10-20'] }, { cookie: adminCookie });
      expect(patch.status).toBe(200);
      const res = await getStats(adminCookie);
      expect(res.body.weeks[0].weekStart).toBe('2026-07-27');
      expect(res.body.weeks[11]).toMatchObject({ weekStart: '2026-10-12', when: 'current', bookings: 2 });
      expect(res.body.fillRate).toMatchObject({ openMinutes: 0, bookedMinutes: 60, rate: null });
    } finally {
      clock.set('2026-10-07T19:00:00.000Z');
      await injectJson(t.app, 'PATCH', '/api/admin/settings', { closedDates: ['2026-10-09'] }, { cookie: adminCookie });
    }
  });
});
