import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, contactSubmissions, emailOutbox, galleryItems, uploads } from '../../src/server/db/schema';
import type { PaymentProvider, RefundResult } from '../../src/server/payments/services/provider';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { apiRoutes } from '../helpers/routes';
import { GALLERY_IMAGE_URL_MESSAGE } from '../../src/shared/schemas/admin';

/** A payment provider that records refunds and fails them on demand. */
function fakePayments() {
  const refunds: { intentId: string; idempotencyKey: string }[] = [];
  const state = { fail: false };
  const provider: PaymentProvider = {
    name: 'demo',
    async createIntent() {
      throw new Error('not used here');
    },
    async createInvoiceIntent() {
      throw new Error('not used here');
    },
    async retrieveIntent() {
      throw new Error('not used here');
    },
    async retrieveRefund() {
      throw new Error('not used here');
    },
    async refund(intentId, opts): Promise<RefundResult> {
      refunds.push({ intentId, idempotencyKey: opts.idempotencyKey });
      if (state.fail) throw new Error('card_declined: the refund could not be made');
      return { id: `re_${intentId}`, status: 'succeeded' };
    },
  };
  return { provider, refunds, state };
}

let t: TestApp;
const payments = fakePayments();
// 2026-10-01 12:00 in Los Angeles (PDT, UTC-7).
const clock = createClock('2026-10-01T19:00:00.000Z');
let adminCookie: Record<string, string>;
let customerCookie: Record<string, string>;

const signIn = async (role: 'admin' | 'customer') => ({ cookie: (await sessionAs(t.db, role)).cookie });

let slotCounter = 0;
/** Inserts a booking directly; defaults to a confirmed, paid booking on a fresh weekday slot. */
async function makeBooking(values: Partial<typeof bookings.$inferInsert> = {}) {
  // Weekday slots in December 2026, one per call, so tests never collide by accident.
  const n = slotCounter++;
  const day = 1 + Math.floor(n / 10);
  const date = values.bookingDate ?? `2026-12-${String(day).padStart(2, '0')}`;
  const hour = 8 + (n % 10);
  const time = values.bookingTime ?? `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`;
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: time,
      // The slot's own instant (December is PST, UTC-8): jobs of one crew may not overlap.
      startsAt: new Date(Date.UTC(2026, 11, day, hour + 8)),
      fullName: 'Pat Customer',
      email: 'pat@example.com',
      phone: '310-555-0100',
      address: '123 Ocean Ave, Santa Monica',
      status: 'confirmed',
      depositPaid: true,
      stripePaymentIntentId: `pi_${randomBytes(6).toString('hex')}`,
      ...values,
    })
    .returning();
  return row;
}

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

async function emailsTo(address: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

beforeAll(async () => {
  t = await createTestApp({ clock, payments: payments.provider });
  adminCookie = await signIn('admin');
  customerCookie = await signIn('customer');
});
afterAll(async () => t?.close());
beforeEach(() => {
  payments.refunds.length = 0;
  payments.state.fail = false;
  clock.set('2026-10-01T19:00:00.000Z');
});

const asAdmin = (method: string, url: string, body?: unknown) => injectJson(t.app, method, url, body, { cookie: adminCookie.cookie });

describe('admin access', () => {
  it('every /api/admin route (from the route table) answers 401 signed out and 403 to a customer', async () => {
    const routes = apiRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    // The table is really read: the routes known today are all in it.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/bookings', 'POST /api/admin/bookings/:id/refund', 'DELETE /api/admin/gallery/:id', 'POST /api/admin/gallery/:id/image']),
    );
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const failures: string[] = [];
    for (const { method, url: pattern } of routes) {
      const url = pattern.replace(/:[a-zA-Z]+/g, '1');
      const out = await injectJson(t.app, method, url);
      if (out.status !== 401 || out.body?.code !== 'UNAUTHENTICATED') failures.push(`${method} ${url} signed out: ${out.status} ${JSON.stringify(out.body)}`);
      const customer = await injectJson(t.app, method, url, undefined, customerCookie);
      if (customer.status !== 403 || customer.body?.code !== 'FORBIDDEN' || customer.body?.message !== 'Only the business can do that.') {
        failures.push(`${method} ${url} as a customer: ${customer.status} ${JSON.stringify(customer.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets nothing change when a customer tries', async () => {
    const b = await makeBooking({ status: 'pending', depositPaid: false });
    await injectJson(t.app, 'POST', `/api/admin/bookings/${b.id}/status`, { status: 'cancelled' }, customerCookie);
    expect((await bookingRow(b.id)).status).toBe('pending');
  });
});

describe('GET /api/admin/bookings', () => {
  it('lists every field the business needs, sorted by date and time, with filters', async () => {
    const late = await makeBooking({ bookingDate: '2026-11-20', bookingTime: '2:00 PM', startsAt: new Date('2026-11-20T22:00:00Z'), fullName: 'Zed Late', status: 'pending', depositPaid: false });
    const early = await makeBooking({ bookingDate: '2026-11-20', bookingTime: '9:00 AM', startsAt: new Date('2026-11-20T17:00:00Z'), fullName: 'Amy Early', email: 'amy@example.com' });
    const other = await makeBooking({ bookingDate: '2026-11-19', bookingTime: '10:00 AM', startsAt: new Date('2026-11-19T18:00:00Z'), status: 'cancelled', fullName: 'Cal Cancelled' });

    const all = await asAdmin('GET', '/api/admin/bookings?from=2026-11-19&to=2026-11-20');
    expect(all.status).toBe(200);
    expect(all.body.bookings.map((b: { id: number }) => b.id)).toEqual([other.id, early.id, late.id]);
    expect(Object.keys(all.body.bookings[0]).sort()).toEqual(
      [
        'address',
        'areaChecked',
        'bookingDate',
        'bookingTime',
        'cancelReason',
        'createdAt',
        'crew',
        'depositAmount',
        'depositPaid',
        'durationMinutes',
        'email',
        'fullName',
        'id',
        'phone',
        'refundStatus',
        'serviceType',
        'specialInstructions',
        'status',
      ].sort(),
    );
    expect(all.body.bookings[1]).toMatchObject({ fullName: 'Amy Early', email: 'amy@example.com', phone: '310-555-0100', depositPaid: true, status: 'confirmed' });

    const pending = await asAdmin('GET', '/api/admin/bookings?status=pending&from=2026-11-19&to=2026-11-20');
    expect(pending.body.bookings.map((b: { id: number }) => b.id)).toEqual([late.id]);

    const oneDay = await asAdmin('GET', '/api/admin/bookings?from=2026-11-19&to=2026-11-19');
    expect(oneDay.body.bookings.map((b: { id: number }) => b.id)).toEqual([other.id]);

    const search = await asAdmin('GET', '/api/admin/bookings?q=amy%40example');
    expect(search.body.bookings.map((b: { id: number }) => b.id)).toEqual([early.id]);
    const byId = await asAdmin('GET', `/api/admin/bookings?q=%23${late.id}`);
    expect(byId.body.bookings.map((b: { id: number }) => b.id)).toContain(late.id);
    const noWildcards = await asAdmin('GET', '/api/admin/bookings?q=%25');
    expect(noWildcards.body.bookings).toEqual([]);

    const empty = await asAdmin('GET', '/api/admin/bookings?status=&from=&to=&q=');
    expect(empty.status).toBe(200);
    expect(empty.body.bookings.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad filters with a 400 and a message', async () => {
    const badStatus = await asAdmin('GET', '/api/admin/bookings?status=lost');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('Choose a booking status to filter by');
    const badDate = await asAdmin('GET', '/api/admin/bookings?from=2026-13-01');
    expect(badDate.status).toBe(400);
    const reversed = await asAdmin('GET', '/api/admin/bookings?from=2026-11-20&to=2026-11-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The start date must be on or before the end date');
  });
});

describe('POST /api/admin/bookings/:id/status', () => {
  it('confirms a pending booking and emails the customer an invitation', async () => {
    const b = await makeBooking({ status: 'pending', depositPaid: false, stripePaymentIntentId: null, email: 'confirm-me@example.com' });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
    expect(res.status).toBe(200);
    expect(res.body.booking.status).toBe('confirmed');
    expect(res.body.message).toBe(`Booking #${b.id} is confirmed and the customer has been emailed.`);
    expect((await bookingRow(b.id)).status).toBe('confirmed');
    const [email] = await emailsTo('confirm-me@example.com');
    expect(email.subject).toContain('Confirmed');
    expect(email.attachments[0].content).toContain('BEGIN:VEVENT');
  });

  it('completes a confirmed booking', async () => {
    const b = await makeBooking();
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/status`, { status: 'completed' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Booking #${b.id} is marked completed. The customer has been emailed a link to review the job.`);
    expect((await bookingRow(b.id)).status).toBe('completed');
  });

  it('confirms a rescheduling booking without moving it', async () => {
    const b = await makeBooking({ status: 'rescheduling' });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
    expect(res.status).toBe(200);
    const row = await bookingRow(b.id);
    expect(row).toMatchObject({ status: 'confirmed', bookingDate: b.bookingDate, bookingTime: b.bookingTime });
    expect(row.startsAt.toISOString()).toBe(b.startsAt.toISOString());
  });

  it.each([
    ['pending', 'completed', 'A pending booking cannot be marked completed; it can only be confirmed or cancelled.'],
    ['confirmed', 'confirmed', 'is already confirmed.'],
    ['completed', 'cancelled', 'is completed and can no longer be changed.'],
    ['cancelled', 'confirmed', 'is cancelled and can no longer be changed.'],
    ['rescheduling', 'completed', 'A rescheduling booking cannot be marked completed; it can only be confirmed or cancelled.'],
  ])('refuses %s -> %s with 409 INVALID_STATUS', async (from, to, message) => {
    const b = await makeBooking({ status: from });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/status`, { status: to });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATUS');
    expect(res.body.message).toContain(message);
    expect((await bookingRow(b.id)).status).toBe(from);
  });

  it('answers 404 for an unknown booking and 400 for a bad status', async () => {
    const missing = await asAdmin('POST', '/api/admin/bookings/999999/status', { status: 'confirmed' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Booking not found.');
    const bad = await asAdmin('POST', '/api/admin/bookings/1/status', { status: 'pending' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose confirmed, completed or cancelled');
    const badId = await asAdmin('POST', '/api/admin/bookings/abc/status', { status: 'confirmed' });
    expect(badId.status).toBe(400);
  });
});

describe('business cancellation', () => {
  it('refunds a paid deposit in full even a few hours before, and emails the customer', async () => {
    // Tomorrow 9:00 AM: well inside 24 hours' notice, still refunded when the business cancels.
    clock.set('2026-10-01T14:00:00.000Z');
    const b = await makeBooking({ bookingDate: '2026-10-01', bookingTime: '11:00 AM', startsAt: new Date('2026-10-01T18:00:00Z'), email: 'refund-me@example.com' });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.refundStatus).toBe('refunded');
    expect(res.body.message).toBe(`Booking #${b.id} is cancelled and the customer has been emailed. The $50 deposit was refunded in full.`);
    expect(payments.refunds).toEqual([{ intentId: b.stripePaymentIntentId, idempotencyKey: `refund-booking-${b.id}` }]);
    const row = await bookingRow(b.id);
    expect(row).toMatchObject({ status: 'cancelled', refundStatus: 'refunded', refundId: `re_${b.stripePaymentIntentId}`, cancelReason: 'business' });
    // The owner's screens still read the sentence.
    expect(res.body.booking.cancelReason).toBe('Cancelled by the business');
    const list = await asAdmin('GET', '/api/admin/bookings?status=cancelled');
    expect(list.body.bookings.find((x: { id: number }) => x.id === b.id)?.cancelReason).toBe('Cancelled by the business');
    expect(row.refundedAt?.toISOString()).toBe('2026-10-01T14:00:00.000Z');
    const [email] = await emailsTo('refund-me@example.com');
    expect(email.kind).toBe('booking-cancelled-by-business');
    expect(email.textBody).toContain('Your $50 deposit is being refunded in full');
  });

  it('cancels an unpaid booking without a refund', async () => {
    const b = await makeBooking({ status: 'pending', depositPaid: false, stripePaymentIntentId: null, email: 'unpaid@example.com' });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(payments.refunds).toEqual([]);
    expect((await bookingRow(b.id)).refundStatus).toBe('none');
    const [email] = await emailsTo('unpaid@example.com');
    expect(email.textBody).toContain('nothing to refund');
  });

  it('records a failed refund, says so, and can retry it', async () => {
    payments.state.fail = true;
    const b = await makeBooking({ status: 'rescheduling' });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.refundStatus).toBe('failed');
    expect(res.body.message).toContain('deposit refund FAILED');
    expect(await bookingRow(b.id)).toMatchObject({ status: 'cancelled', refundStatus: 'failed', refundedAt: null });

    payments.state.fail = false;
    const retry = await asAdmin('POST', `/api/admin/bookings/${b.id}/refund`);
    expect(retry.status).toBe(200);
    expect(retry.body.refundStatus).toBe('refunded');
    // A retry after a failure is a new request: the provider would replay the failure under the first key.
    expect(payments.refunds.map((r) => r.idempotencyKey)).toEqual([`refund-booking-${b.id}`, `refund-booking-${b.id}-retry-${Date.parse('2026-10-01T19:00:00.000Z')}`]);
    const again = await asAdmin('POST', `/api/admin/bookings/${b.id}/refund`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Booking #${b.id} has no deposit refund waiting.`);
  });
});

describe('POST /api/admin/bookings/:id/move', () => {
  it('moves a booking across the end of daylight saving and recomputes starts_at', async () => {
    const b = await makeBooking({
      bookingDate: '2026-10-30',
      bookingTime: '9:00 AM',
      startsAt: new Date('2026-10-30T16:00:00.000Z'),
      status: 'rescheduling',
      email: 'move-me@example.com',
    });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-02', time: '9:00 AM' });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ bookingDate: '2026-11-02', bookingTime: '9:00 AM', status: 'confirmed' });
    const row = await bookingRow(b.id);
    // 9:00 AM PST is 17:00 UTC (it was 16:00 UTC in PDT on Oct 30).
    expect(row.startsAt.toISOString()).toBe('2026-11-02T17:00:00.000Z');
    const [email] = await emailsTo('move-me@example.com');
    expect(email.kind).toBe('booking-moved');
    expect(email.textBody).toContain('to Monday, November 2, 2026 at 9:00 AM');
    expect(email.attachments[0].filename).toMatch(/\.ics$/);
    // The business's wall-clock time with its zone (PST, -0800 after the change), and a SEQUENCE
    // above 0 so calendars replace the event they had for this booking.
    expect(email.attachments[0].content).toContain('DTSTART;TZID=America/Los_Angeles:20261102T090000');
    expect(email.attachments[0].content).toMatch(/TZOFFSETTO:-0800/);
    expect(email.attachments[0].content).toMatch(/SEQUENCE:[1-9]\d*/);

    const slots = await asAdmin('GET', '/api/admin/slots?date=2026-11-02');
    // 8:00 AM is nobody's start, but a job there (plus the travel buffer) would run into the moved one.
    expect(slots.body.slots[0]).toEqual({ time: '8:00 AM', bookingId: null, available: false, reason: 'booked' });
    expect(slots.body.slots.find((s: { time: string }) => s.time === '9:00 AM').bookingId).toBe(b.id);
    expect(slots.body.slots.at(-1).time).toBe('5:00 PM');
  });

  it('refuses a start free for an hour but too short for the job with 409 JOB_DOES_NOT_FIT, naming the service and its length', async () => {
    await makeBooking({ bookingDate: '2026-11-10', bookingTime: '12:00 PM', startsAt: new Date('2026-11-10T20:00:00Z') });
    const b = await makeBooking({ durationMinutes: 90 });
    // 11:00 AM would fit a one-hour job before the 12:00 PM one, not this 90-minute TV mounting.
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-10', time: '11:00 AM' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'JOB_DOES_NOT_FIT', message: 'That time is too short for TV Mounting, which takes about 1 hour 30 minutes. Please pick another time.' });
    expect(await bookingRow(b.id)).toMatchObject({ bookingDate: b.bookingDate, bookingTime: b.bookingTime });
  });

  it('refuses a slot already taken with 409 SLOT_TAKEN', async () => {
    const holder = await makeBooking({ bookingDate: '2026-11-03', bookingTime: '10:00 AM', startsAt: new Date('2026-11-03T18:00:00Z') });
    const b = await makeBooking();
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-03', time: '10:00 AM' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SLOT_TAKEN', message: 'That time is already booked. Pick another time.' });
    expect(await bookingRow(b.id)).toMatchObject({ bookingDate: b.bookingDate, bookingTime: b.bookingTime });
    expect((await bookingRow(holder.id)).status).toBe('confirmed');
  });

  it('takes a slot whose unpaid hold has run out', async () => {
    const stale = await makeBooking({
      bookingDate: '2026-11-04',
      bookingTime: '11:00 AM',
      startsAt: new Date('2026-11-04T19:00:00Z'),
      status: 'pending',
      depositPaid: false,
      holdExpiresAt: new Date('2026-10-01T18:00:00Z'),
    });
    const b = await makeBooking();
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-04', time: '11:00 AM' });
    expect(res.status).toBe(200);
    expect((await bookingRow(stale.id)).status).toBe('cancelled');
  });

  it('keeps to the business grid and the future', async () => {
    const b = await makeBooking();
    const sunday = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-01', time: '10:00 AM' });
    expect(sunday.status).toBe(400);
    expect(sunday.body.message).toBe("10:00 AM is not a start time on 2026-11-01. Pick one of that day's times.");
    const saturdayLate = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-07', time: '4:00 PM' });
    expect(saturdayLate.status).toBe(400);
    expect(saturdayLate.body.message).toBe("4:00 PM is not a start time on 2026-11-07. Pick one of that day's times.");
    const halfHour = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-06', time: '9:30 AM' });
    expect(halfHour.status).toBe(400);
    const past = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-09-30', time: '9:00 AM' });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('That time has already passed. Pick a later time.');
    const badLabel = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-06', time: '09:00' });
    expect(badLabel.status).toBe(400);
    expect(badLabel.body.message).toBe('Pick a time such as 9:00 AM');
  });

  it('refuses to move a cancelled or completed booking', async () => {
    const b = await makeBooking({ status: 'completed' });
    const res = await asAdmin('POST', `/api/admin/bookings/${b.id}/move`, { date: '2026-11-05', time: '1:00 PM' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'INVALID_STATUS', message: `Booking #${b.id} is completed and cannot be moved.` });
  });
});

describe('contact submissions and email problems', () => {
  it('lists contact messages newest first, leaving out those the bot check refused', async () => {
    await t.db.insert(contactSubmissions).values([
      { fullName: 'Old Message', email: 'old@example.com', subject: 'Old', message: 'An older message here', botCheck: 'passed', createdAt: new Date('2026-09-01T10:00:00Z') },
      { fullName: 'New Message', email: 'new@example.com', subject: 'New', message: 'A newer message here', botCheck: 'off', createdAt: new Date('2026-09-20T10:00:00Z') },
      { fullName: 'Spam Bot', email: 'bot@example.com', subject: 'Cheap', message: 'Buy followers now', botCheck: 'failed', createdAt: new Date('2026-09-21T10:00:00Z') },
    ]);
    const res = await asAdmin('GET', '/api/admin/contact-submissions');
    expect(res.status).toBe(200);
    const names = res.body.submissions.map((s: { fullName: string }) => s.fullName);
    expect(names).not.toContain('Spam Bot');
    expect(names.indexOf('New Message')).toBeLessThan(names.indexOf('Old Message'));
    expect(res.body.submissions[names.indexOf('New Message')]).toMatchObject({ email: 'new@example.com', subject: 'New', message: 'A newer message here' });
  });

  it('lists failed and pending emails, filters them, and requeues a failed one', async () => {
    const [failed] = await t.db
      .insert(emailOutbox)
      .values({ kind: 'test', toAddress: 'bounce@example.com', subject: 'Failed one', textBody: 'x', status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' })
      .returning();
    await t.db.insert(emailOutbox).values({ kind: 'test', toAddress: 'sent@example.com', subject: 'Sent one', textBody: 'x', status: 'sent' });
    await t.db.insert(emailOutbox).values({ kind: 'test', toAddress: 'later@example.com', subject: 'Pending one', textBody: 'x', status: 'pending', attempts: 2 });
    const all = await asAdmin('GET', '/api/admin/emails');
    expect(all.status).toBe(200);
    expect(all.body.emails.some((e: { subject: string }) => e.subject === 'Sent one')).toBe(false);
    expect(all.body.emails.find((e: { id: number }) => e.id === failed.id)).toMatchObject({
      to: 'bounce@example.com',
      subject: 'Failed one',
      status: 'failed',
      attempts: 8,
      lastError: '550 mailbox unavailable',
    });
    expect(all.body.emails[0]).not.toHaveProperty('textBody');
    const onlyPending = await asAdmin('GET', '/api/admin/emails?status=pending');
    const pendingSubjects = onlyPending.body.emails.map((e: { subject: string }) => e.subject);
    expect(pendingSubjects).toContain('Pending one');
    expect(pendingSubjects).not.toContain('Failed one');
    expect(onlyPending.body.emails.every((e: { status: string }) => e.status === 'pending')).toBe(true);
    const bad = await asAdmin('GET', '/api/admin/emails?status=sent');
    expect(bad.status).toBe(400);

    const retry = await asAdmin('POST', `/api/admin/emails/${failed.id}/retry`);
    expect(retry.status).toBe(200);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const twice = await asAdmin('POST', `/api/admin/emails/${failed.id}/retry`);
    expect(twice.status).toBe(409);
  });
});

describe('gallery management', () => {
  const item = { title: 'Walnut Bookcase', description: 'A tall walnut bookcase anchored to the wall.', category: 'furniture-assembly', imageUrl: '/images/gallery/bed.svg' };

  it('creates, edits and deletes items, and the public gallery follows', async () => {
    const created = await asAdmin('POST', '/api/admin/gallery', item);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(item);
    const id = created.body.id;

    const list = await asAdmin('GET', '/api/admin/gallery');
    expect(list.body.find((g: { id: number }) => g.id === id)).toMatchObject(item);

    const edited = await asAdmin('PUT', `/api/admin/gallery/${id}`, { ...item, title: 'Oak Bookcase', category: 'mounting', imageUrl: '/images/gallery/oak-bookcase.svg' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, title: 'Oak Bookcase', category: 'mounting' });
    const pub = await injectJson(t.app, 'GET', '/api/gallery?category=mounting');
    expect(pub.body.some((g: { title: string }) => g.title === 'Oak Bookcase')).toBe(true);

    const deleted = await asAdmin('DELETE', `/api/admin/gallery/${id}`);
    expect(deleted.status).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/gallery/${id}`)).status).toBe(404);
    expect((await asAdmin('PUT', `/api/admin/gallery/${id}`, item)).status).toBe(404);
  });

  it.each([
    [{ ...item, title: '' }, 'Title is required'],
    [{ ...item, category: 'boats' }, 'Choose Furniture Assembly or Mounting'],
    [{ ...item, imageUrl: 'javascript:alert(1)' }, GALLERY_IMAGE_URL_MESSAGE],
    [{ ...item, imageUrl: 'http://example.com/a.jpg' }, GALLERY_IMAGE_URL_MESSAGE],
    [{ ...item, imageUrl: '/images/../api/admin' }, GALLERY_IMAGE_URL_MESSAGE],
  ])('refuses an invalid item with a 400', async (body, message) => {
    const res = await asAdmin('POST', '/api/admin/gallery', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

describe('gallery image upload', () => {
  let itemId: number;
  beforeAll(async () => {
    const [row] = await t.db.insert(galleryItems).values({ title: 'Upload target', description: 'For uploads', imageUrl: '/images/gallery/bed.svg', category: 'mounting' }).returning();
    itemId = row.id;
  });
  const storedUploads = async () => (await t.db.select({ name: uploads.name }).from(uploads)).map((u) => u.name);

  it('stores the image in the database, serves it, and points the item at it', async () => {
    const res = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: `data:image/png;base64,${PNG_1PX}` });
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const file = res.body.imageUrl.replace('/uploads/', '');
    expect(await storedUploads()).toContain(file);
    const served = await t.app.inject({ method: 'GET', url: res.body.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);

    // Replacing it again removes the first image, now unused.
    const again = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}` });
    expect(again.status).toBe(200);
    expect(again.body.imageUrl).toMatch(/\.svg$/);
    expect(await storedUploads()).toEqual([again.body.imageUrl.replace('/uploads/', '')]);
    expect((await t.app.inject({ method: 'GET', url: res.body.imageUrl })).statusCode).toBe(404);
  });

  it('refuses a bad data URL or content that is not the declared type with a 400', async () => {
    const notData = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: 'https://example.com/a.png' });
    expect(notData.status).toBe(400);
    expect(notData.body.message).toBe('Choose a PNG, JPEG, WebP or SVG image');
    const gif = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: `data:image/gif;base64,${PNG_1PX}` });
    expect(gif.status).toBe(400);
    const lying = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: `data:image/jpeg;base64,${PNG_1PX}` });
    expect(lying.status).toBe(400);
    expect(lying.body.message).toBe('The file is not a valid JPEG image.');
    const missing = await asAdmin('POST', '/api/admin/gallery/999999/image', { dataUrl: `data:image/png;base64,${PNG_1PX}` });
    expect(missing.status).toBe(404);
  });

  it('refuses an image over 1.5 MB with a 413', async () => {
    const big = Buffer.alloc(1_700_000, 1);
    Buffer.from(PNG_1PX, 'base64').copy(big);
    const res = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: `data:image/png;base64,${big.toString('base64')}` });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The image is too large: choose one of 1.5 MB or less.' });
    const huge = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: `data:image/png;base64,${Buffer.alloc(3_000_000, 1).toString('base64')}` });
    expect(huge.status).toBe(413);
    // Other admin routes keep the small default body limit.
    const bigBody = await asAdmin('POST', '/api/admin/gallery', { ...{ title: 'x'.repeat(100_000) } });
    expect(bigBody.status).toBe(413);
  });

  it('serves an uploaded SVG inert, with a restrictive CSP', async () => {
    const res = await asAdmin('POST', `/api/admin/gallery/${itemId}/image`, { dataUrl: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}` });
    const server = t.app;
    const served = await server.inject({ method: 'GET', url: res.body.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.body).toBe(SVG);
    expect((await server.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});
