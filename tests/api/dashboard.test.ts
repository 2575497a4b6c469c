import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, emailOutbox } from '../../src/server/db/schema';
import { startsAt } from '../../src/server/schedule/services/schedule';
import { reconcileRefunds } from '../../src/server/bookings/services/bookings-jobs';
import type { PaymentProvider, RefundResult } from '../../src/server/payments/services/provider';
import { call, signUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

const TZ = 'America/Los_Angeles';
const HOUR = 3_600_000;
const BUSINESS_EMAIL = 'owner@westside.example';

/** A test double at the provider boundary: records refund calls; its answer is set per test. */
function fakePayments() {
  const refunds: { intentId: string; opts: { idempotencyKey: string; reason?: string } }[] = [];
  let answer: () => Promise<RefundResult> = async () => ({ id: `re_${refunds.length}`, status: 'succeeded' });
  const notUsed = async (): Promise<never> => {
    throw new Error('not used by the dashboard');
  };
  const provider: PaymentProvider = {
    name: 'demo',
    createIntent: notUsed,
    createInvoiceIntent: notUsed,
    retrieveIntent: notUsed,
    retrieveRefund: notUsed,
    async refund(intentId, opts) {
      refunds.push({ intentId, opts });
      return answer();
    },
  };
  return { provider, refunds, answerWith: (fn: () => Promise<RefundResult>) => (answer = fn) };
}

const payments = fakePayments();
const clock = createClock('2026-06-01T17:00:00Z');
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let dayCounter = 0;

/** Inserts a booking straight into the database (the booking flow is another area's). */
async function insertBooking(values: Partial<typeof bookings.$inferInsert> & { userId: number | null }) {
  dayCounter += 1;
  // Early June: the sessions made at the clock's start (June 1) stay valid for 30 days.
  const date = values.bookingDate ?? new Date(Date.UTC(2026, 5, 2 + dayCounter)).toISOString().slice(0, 10);
  const time = values.bookingTime ?? '10:00 AM';
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      fullName: 'Owner Person',
      email: owner.email,
      phone: '3105550100',
      address: '123 Ocean Ave, Santa Monica',
      status: 'confirmed',
      ...values,
      bookingDate: date,
      bookingTime: time,
      startsAt: values.startsAt ?? startsAt(date, time, TZ),
    })
    .returning();
  return row;
}

async function emailsFor(bookingId: number) {
  return (await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id))).filter((e) => e.textBody.includes(`#${bookingId}`));
}

beforeAll(async () => {
  t = await createTestApp({ clock, payments: payments.provider, env: { BUSINESS_EMAIL } });
  owner = await signUp(t.app, { fullName: 'Owner Person' });
  other = await signUp(t.app, { fullName: 'Other Person' });
});
afterAll(async () => t?.close());
beforeEach(() => {
  payments.refunds.length = 0;
  payments.answerWith(async () => ({ id: `re_${payments.refunds.length}`, status: 'succeeded' }));
});

describe('GET /api/dashboard/bookings', () => {
  it("lists only the signed-in user's bookings, latest date first", async () => {
    const early = await insertBooking({ userId: owner.user.id, bookingDate: '2026-06-20', bookingTime: '8:00 AM', specialInstructions: 'Gate code 1234' });
    const late = await insertBooking({ userId: owner.user.id, bookingDate: '2026-08-20', bookingTime: '8:00 AM', depositPaid: true, stripePaymentIntentId: 'pi_list_1' });
    const theirs = await insertBooking({ userId: other.user.id, bookingDate: '2026-07-20', bookingTime: '8:00 AM' });
    const guest = await insertBooking({ userId: null, bookingDate: '2026-07-21', bookingTime: '8:00 AM' });

    const res = await call(t.app, 'GET', '/api/dashboard/bookings', { sid: owner.sid });
    expect(res.status).toBe(200);
    const ids = res.body.bookings.map((b: { id: number }) => b.id);
    expect(ids).toContain(early.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(guest.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(early.id));
    const dates = res.body.bookings.map((b: { bookingDate: string }) => b.bookingDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    expect(res.body.bookings.find((b: { id: number }) => b.id === early.id)).toEqual({
      id: early.id,
      serviceType: 'tv-mounting',
      bookingDate: '2026-06-20',
      bookingTime: '8:00 AM',
      address: '123 Ocean Ave, Santa Monica',
      specialInstructions: 'Gate code 1234',
      status: 'confirmed',
      depositPaid: false,
      isRefundable: false,
      refundStatus: 'none',
    });
    expect(res.body.bookings.find((b: { id: number }) => b.id === late.id).isRefundable).toBe(true);
    expect(res.raw).not.toMatch(/pi_list_1|stripe|email/i);

    const theirsList = await call(t.app, 'GET', '/api/dashboard/bookings', { sid: other.sid });
    expect(theirsList.body.bookings.map((b: { id: number }) => b.id)).toEqual([theirs.id]);
  });

  it('answers 401 when signed out', async () => {
    const res = await call(t.app, 'GET', '/api/dashboard/bookings');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('reconcileRefunds (a cancellation interrupted before its refund)', () => {
  it('refunds a customer cancellation left pending after 10 minutes, once, and emails the outcome', async () => {
    const booking = await insertBooking({
      userId: owner.user.id,
      status: 'cancelled',
      cancelReason: 'customer',
      refundStatus: 'pending',
      depositPaid: true,
      stripePaymentIntentId: 'pi_stuck',
      updatedAt: clock.now(),
    });
    const deps = { payments: payments.provider, timeZone: TZ, businessEmail: BUSINESS_EMAIL, publicUrl: 'http://localhost:5000' };
    const before = payments.refunds.length;

    expect(await reconcileRefunds(t.db, clock.now(), deps)).toEqual({ checked: 0, settled: 0 });
    clock.advance(11 * 60_000);
    expect(await reconcileRefunds(t.db, clock.now(), deps)).toEqual({ checked: 1, settled: 1 });
    expect(payments.refunds.slice(before)).toEqual([{ intentId: 'pi_stuck', opts: expect.objectContaining({ idempotencyKey: `refund-booking-${booking.id}` }) }]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.refundStatus).toBe('refunded');
    expect((await emailsFor(booking.id)).map((e) => e.toAddress).sort()).toEqual([BUSINESS_EMAIL, owner.email].sort());

    expect(await reconcileRefunds(t.db, clock.now(), deps)).toEqual({ checked: 0, settled: 0 });
    expect(payments.refunds.length).toBe(before + 1);
  });
});

describe('POST /api/dashboard/bookings/:id/cancel', () => {
  it('refunds the deposit 25 hours ahead, records it and queues both emails', async () => {
    const booking = await insertBooking({ userId: owner.user.id, depositPaid: true, stripePaymentIntentId: 'pi_refund_25', paidAt: clock.now() });
    clock.set(new Date(booking.startsAt.getTime() - 25 * HOUR));

    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: owner.sid });
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe('refunded');
    expect(res.body.message).toBe('Your booking has been cancelled and your $50 deposit has been refunded.');
    expect(res.body.booking).toMatchObject({ id: booking.id, status: 'cancelled', isRefundable: false });
    expect(payments.refunds).toEqual([{ intentId: 'pi_refund_25', opts: expect.objectContaining({ idempotencyKey: `refund-booking-${booking.id}` }) }]);

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'customer', refundStatus: 'refunded', refundId: 're_1' });
    expect(row.cancelledAt?.getTime()).toBe(clock.now().getTime());
    expect(row.refundedAt?.getTime()).toBe(clock.now().getTime());

    const emails = await emailsFor(booking.id);
    const customer = emails.find((e) => e.toAddress === owner.email)!;
    const business = emails.find((e) => e.toAddress === BUSINESS_EMAIL)!;
    expect(emails).toHaveLength(2);
    expect(customer.subject).toBe(`Your booking #${booking.id} has been cancelled`);
    expect(customer.textBody).toContain('Your $50 deposit has been refunded to your card.');
    expect(customer.htmlBody).toContain('Your $50 deposit has been refunded to your card.');
    expect(business.textBody).toContain('The $50 deposit was refunded automatically.');
    expect(business.textBody).toContain(owner.email);

    // Cancelled frees the slot at once: another booking can take the same date and time.
    await expect(insertBooking({ userId: other.user.id, bookingDate: booking.bookingDate, bookingTime: booking.bookingTime })).resolves.toBeTruthy();
  });

  it('keeps the deposit 23 hours ahead and says so', async () => {
    const booking = await insertBooking({ userId: owner.user.id, depositPaid: true, stripePaymentIntentId: 'pi_keep_23' });
    clock.set(new Date(booking.startsAt.getTime() - 23 * HOUR));
    const list = await call(t.app, 'GET', '/api/dashboard/bookings', { sid: owner.sid });
    expect(list.body.bookings.find((b: { id: number }) => b.id === booking.id).isRefundable).toBe(false);

    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: owner.sid });
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe('kept');
    expect(res.body.message).toBe('Your booking has been cancelled. The $50 deposit is kept because the appointment was less than 24 hours away.');
    expect(payments.refunds).toHaveLength(0);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', refundStatus: 'kept', refundId: null, refundedAt: null, cancelReason: 'customer' });
    const emails = await emailsFor(booking.id);
    expect(emails.map((e) => e.toAddress).sort()).toEqual([BUSINESS_EMAIL, owner.email].sort());
    expect(emails.find((e) => e.toAddress === owner.email)!.textBody).toContain('the $50 deposit is not refundable and has been kept');
  });

  it('refunds at exactly 24 hours', async () => {
    const booking = await insertBooking({ userId: owner.user.id, depositPaid: true, stripePaymentIntentId: 'pi_exact_24' });
    clock.set(new Date(booking.startsAt.getTime() - 24 * HOUR));
    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: owner.sid });
    expect(res.body.refund).toBe('refunded');
    expect(payments.refunds).toHaveLength(1);
  });

  it('cancels an unpaid booking with nothing to refund', async () => {
    const booking = await insertBooking({ userId: owner.user.id, status: 'pending', holdExpiresAt: new Date(clock.now().getTime() + HOUR) });
    clock.set(new Date(booking.startsAt.getTime() - 72 * HOUR));
    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: owner.sid });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 'none', message: 'Your booking has been cancelled.' });
    expect(payments.refunds).toHaveLength(0);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', refundStatus: 'none' });
    const emails = await emailsFor(booking.id);
    expect(emails).toHaveLength(2);
    expect(emails.find((e) => e.toAddress === owner.email)!.textBody).toContain('No deposit had been paid for this booking');
  });

  it('records a failed refund, still cancels, and tells the business to refund by hand', async () => {
    payments.answerWith(async () => {
      throw new Error('card network down');
    });
    const booking = await insertBooking({ userId: owner.user.id, depositPaid: true, stripePaymentIntentId: 'pi_fails' });
    clock.set(new Date(booking.startsAt.getTime() - 48 * HOUR));
    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: owner.sid });
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe('failed');
    expect(res.body.booking.status).toBe('cancelled');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', refundStatus: 'failed', refundedAt: null });
    const business = (await emailsFor(booking.id)).find((e) => e.toAddress === BUSINESS_EMAIL)!;
    expect(business.subject.startsWith('Refund needed: ')).toBe(true);
    expect(business.textBody).toContain('ACTION NEEDED');
  });

  it("answers 404 for another user's booking or an unknown id, and 401 when signed out", async () => {
    const booking = await insertBooking({ userId: owner.user.id, depositPaid: true, stripePaymentIntentId: 'pi_not_yours' });
    clock.set(new Date(booking.startsAt.getTime() - 72 * HOUR));
    const theirs = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: other.sid });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('NOT_FOUND');
    expect((await call(t.app, 'POST', '/api/dashboard/bookings/999999/cancel', { sid: owner.sid })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`)).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/dashboard/bookings/abc/cancel', { sid: owner.sid })).status).toBe(400);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe('confirmed');
    expect(payments.refunds).toHaveLength(0);
  });

  it.each(['cancelled', 'completed', 'rescheduling'])('refuses a %s booking with 409', async (status) => {
    const booking = await insertBooking({ userId: owner.user.id, status, depositPaid: true, stripePaymentIntentId: `pi_status_${status}` });
    clock.set(new Date(booking.startsAt.getTime() - 72 * HOUR));
    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: owner.sid });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATUS');
    expect(payments.refunds).toHaveLength(0);
    expect(await emailsFor(booking.id)).toHaveLength(0);
  });
});

describe('POST /api/dashboard/bookings/:id/reschedule', () => {
  it('marks the booking rescheduling and emails the business with the blocked times of the next 60 days', async () => {
    clock.set('2026-06-01T17:00:00Z');
    const booking = await insertBooking({ userId: owner.user.id, bookingDate: '2026-06-10', bookingTime: '2:00 PM', depositPaid: true, stripePaymentIntentId: 'pi_resched' });
    for (const block of [
      { date: '2026-06-05', time: '9:00 AM' },
      { date: '2026-06-03', time: '3:00 PM' },
      { date: '2026-09-15', time: '9:00 AM' },
    ]) {
      const added = await call(t.app, 'POST', '/api/calendar/add-event', { sid: owner.sid, body: { ...block, isBlockedTime: true } });
      expect(added.status).toBe(201);
    }
    // Someone else's blocks are not this customer's.
    await call(t.app, 'POST', '/api/calendar/add-event', { sid: other.sid, body: { date: '2026-06-04', time: '11:00 AM', isBlockedTime: true } });

    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/reschedule`, { sid: owner.sid });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ id: booking.id, status: 'rescheduling', isRefundable: false });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe('rescheduling');

    const emails = await emailsFor(booking.id);
    expect(emails).toHaveLength(2);
    const business = emails.find((e) => e.toAddress === BUSINESS_EMAIL)!;
    expect(business.subject).toContain(`Reschedule request: booking #${booking.id}`);
    expect(business.textBody).toContain('The customer is NOT available at these times in the next 60 days:');
    const first = business.textBody.indexOf('- Wednesday, June 3, 2026, 3:00 PM - 4:00 PM');
    const second = business.textBody.indexOf('- Friday, June 5, 2026, 9:00 AM - 10:00 AM');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(business.textBody).not.toContain('September 15');
    expect(business.textBody).not.toContain('June 4');
    const customer = emails.find((e) => e.toAddress === owner.email)!;
    expect(customer.textBody).toContain('We will contact you shortly to reschedule your appointment.');

    const again = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/reschedule`, { sid: owner.sid });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_STATUS');
    expect((await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/cancel`, { sid: owner.sid })).status).toBe(409);
  });

  it('says so when the customer has no blocked times', async () => {
    const fresh = await signUp(t.app, { fullName: 'Fresh Person' });
    const booking = await insertBooking({ userId: fresh.user.id, email: fresh.email, fullName: 'Fresh Person' });
    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/reschedule`, { sid: fresh.sid });
    expect(res.status).toBe(200);
    const business = (await emailsFor(booking.id)).find((e) => e.toAddress === BUSINESS_EMAIL)!;
    expect(business.textBody).toContain('The customer has not blocked any times in the next 60 days.');
    expect(business.textBody).toContain('Fresh Person');
  });

  it("answers 404 for another user's booking, 409 for a final status and 401 when signed out", async () => {
    const booking = await insertBooking({ userId: owner.user.id });
    expect((await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/reschedule`, { sid: other.sid })).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/dashboard/bookings/424242/reschedule', { sid: owner.sid })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/dashboard/bookings/${booking.id}/reschedule`)).status).toBe(401);
    const done = await insertBooking({ userId: owner.user.id, status: 'completed' });
    expect((await call(t.app, 'POST', `/api/dashboard/bookings/${done.id}/reschedule`, { sid: owner.sid })).status).toBe(409);
    const rows = await t.db.select().from(bookings).where(inArray(bookings.id, [booking.id, done.id]));
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'confirmed']);
    expect(await emailsFor(booking.id)).toHaveLength(0);
  });
});

describe('PUT /api/dashboard/profile', () => {
  it('updates the name and phone of the signed-in user only', async () => {
    const res = await call(t.app, 'PUT', '/api/dashboard/profile', { sid: owner.sid, body: { fullName: '  Owner Renamed ', phone: '(424) 555-0199' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: owner.user.id, fullName: 'Owner Renamed', email: owner.email, phone: '(424) 555-0199', role: 'customer' });
    expect(res.raw).not.toMatch(/scrypt|passwordHash/);
    const me = await call(t.app, 'GET', '/api/auth/user', { sid: owner.sid });
    expect(me.body.fullName).toBe('Owner Renamed');
    const them = await call(t.app, 'GET', '/api/auth/user', { sid: other.sid });
    expect(them.body.fullName).toBe('Other Person');

    const cleared = await call(t.app, 'PUT', '/api/dashboard/profile', { sid: owner.sid, body: { fullName: 'Owner Renamed', phone: '' } });
    expect(cleared.body.user.phone).toBeNull();
  });

  it('validates with the spec message and needs a session', async () => {
    const bad = await call(t.app, 'PUT', '/api/dashboard/profile', { sid: owner.sid, body: { fullName: 'O', phone: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fullName).toBe('Name must be at least 2 characters');
    // An email in the body is ignored: it cannot be changed.
    const sneaky = await call(t.app, 'PUT', '/api/dashboard/profile', { sid: owner.sid, body: { fullName: 'Owner Person', email: 'new@example.com' } });
    expect(sneaky.body.user.email).toBe(owner.email);
    expect((await call(t.app, 'PUT', '/api/dashboard/profile', { body: { fullName: 'Nobody Here' } })).status).toBe(401);
  });
});
