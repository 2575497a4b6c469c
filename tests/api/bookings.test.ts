import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blockedTimes, bookings, demoPayments, emailOutbox, timeSlots } from '../../src/server/db/schema';
import { expireHolds, sendReminders } from '../../src/server/bookings/services/bookings-jobs';
import { call, freshIp, payCookieOf, signUp, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { WORKERS } from '../../src/server/workers';

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const START = '2026-12-01T17:00:00Z';
const clock = createClock(START);
const BUSINESS_EMAIL = 'owner@westside.example';
const ADMIN_EMAIL = 'boss@westside.example';
// A second owner address, so each test that needs the business signs up its own.
const ADMIN_EMAIL_2 = 'partner@westside.example';
const FEED_TOKEN = 'feed-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { BUSINESS_EMAIL, ADMIN_EMAILS: `${ADMIN_EMAIL}, ${ADMIN_EMAIL_2}`, CALENDAR_FEED_TOKEN: FEED_TOKEN } });
});
afterAll(async () => t?.close());
// Every test starts at the same instant; those that need a later time move the clock themselves.
beforeEach(() => clock.set(START));

/** A distinct email per booking (at most 2 unpaid holds per email); tests about the email pass their own. */
let emailSeq = 0;
function bookingBody(date: string, time: string, extra: Record<string, unknown> = {}) {
  emailSeq += 1;
  return {
    serviceType: 'tv-mounting',
    bookingDate: date,
    bookingTime: time,
    fullName: 'Maria Lopez',
    phone: '(310) 555-0199',
    email: `maria${emailSeq}@example.com`,
    address: '1234 Ocean Ave, Santa Monica, CA',
    specialInstructions: 'Gate code 42',
    depositAmount: 50,
    totalAmount: 50,
    ...extra,
  };
}

/** Each booking's pay cookie, as the browser that made it holds it. */
const payCookies = new Map<number, string>();
const book = async (date: string, time: string, extra: Record<string, unknown> = {}, sid?: string) => {
  const res = await call(t.app, 'POST', '/api/bookings', { body: bookingBody(date, time, extra), ip: freshIp(), sid });
  const cookie = payCookieOf(res);
  if (res.status === 201 && cookie) payCookies.set(res.body.id, cookie);
  return res;
};
const slots = async (date: string) => {
  const res = await call(t.app, 'GET', `/api/time-slots?date=${date}`);
  expect(res.status).toBe(200);
  return (res.body as { id: number; slotTime: string }[]).map((s) => s.slotTime);
};
const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const emailsFor = (id: number) => t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-confirmed-${id}`));
/** Asks for the payment as the browser that booked (its pay cookie), unless told otherwise. */
const payIntent = (bookingId: unknown, opts: { cookie?: string | null; sid?: string } = {}) => {
  const cookie = opts.cookie === undefined ? payCookies.get(bookingId as number) : opts.cookie;
  return call(t.app, 'POST', '/api/create-payment-intent', { body: { bookingId }, ip: freshIp(), sid: opts.sid, headers: cookie ? { cookie } : {} });
};
const confirmDemo = (clientSecret: string, card: Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>> = {}) =>
  call(t.app, 'POST', '/api/payments/demo/confirm', {
    ip: freshIp(),
    body: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: '90401', ...card },
  });
/** A booking paid with the demo card: confirmed, as the customer's journey leaves it. */
const confirmedBooking = async (date: string, time: string, extra: Record<string, unknown> = {}) => {
  const created = await book(date, time, extra);
  expect(created.status).toBe(201);
  const intent = await payIntent(created.body.id);
  expect(intent.status).toBe(200);
  expect((await confirmDemo(intent.body.clientSecret)).status).toBe(200);
  expect(await row(created.body.id)).toMatchObject({ status: 'confirmed', depositPaid: true });
  return created.body.id as number;
};

describe('GET /api/time-slots', () => {
  it('lists the free slots of a day with stable ids', async () => {
    const res = await call(t.app, 'GET', '/api/time-slots?date=2026-12-12');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 900, slotTime: '9:00 AM' },
      { id: 1000, slotTime: '10:00 AM' },
      { id: 1100, slotTime: '11:00 AM' },
      { id: 1200, slotTime: '12:00 PM' },
      { id: 1300, slotTime: '1:00 PM' },
      { id: 1400, slotTime: '2:00 PM' },
      { id: 1500, slotTime: '3:00 PM' },
    ]);
    expect(await slots('2026-12-13')).toEqual([]);
    // Today: two hours' notice from 9:00 AM.
    expect((await slots('2026-12-01'))[0]).toBe('11:00 AM');
  });

  it.each([
    ['', 'Enter a date as yyyy-MM-dd'],
    ['?date=12/14/2026', 'Enter a date as yyyy-MM-dd'],
    ['?date=2026-02-30', 'Enter a real calendar date'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await call(t.app, 'GET', `/api/time-slots${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { date: message } });
  });

  it('leaves out a business block and a closed slot, and adds an opened one', async () => {
    const { user } = await signUpOwner(t, ADMIN_EMAIL);
    await t.db.insert(blockedTimes).values({ userId: user.id, isBusiness: true, date: '2026-12-11', time: '10:00 AM', endTime: '11:00 AM' });
    await t.db.insert(timeSlots).values([
      { slotDate: '2026-12-11', slotTime: '8:00 AM', isAvailable: false },
      { slotDate: '2026-12-11', slotTime: '6:00 PM', isAvailable: true },
    ]);
    expect(await slots('2026-12-11')).toEqual(['9:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM', '6:00 PM']);
  });
});

describe('POST /api/bookings', () => {
  it('gives each field its message from the spec', async () => {
    const res = await call(t.app, 'POST', '/api/bookings', { body: {}, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual({
      serviceType: 'Please select a service type',
      bookingDate: 'Enter a date as yyyy-MM-dd',
      bookingTime: 'Please select a time slot',
      fullName: 'Name is required',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
      address: 'Address is required',
    });
    const short = await book('2026-12-14', '9:00 AM', { serviceType: 'boat-repair', fullName: 'M', phone: '12345', email: 'maria@', address: 'x', bookingTime: '' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({
      serviceType: 'Please select a service type',
      bookingTime: 'Please select a time slot',
      fullName: 'Name is required',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
      address: 'Address is required',
    });
  });

  it.each([
    ['a time off the grid', '2026-12-14', '9:30 AM'],
    ['after closing', '2026-12-14', '6:00 PM'],
    ['a Sunday', '2026-12-13', '10:00 AM'],
  ])('refuses %s with 400', async (_name, date, time) => {
    const res = await book(date, time);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ bookingTime: 'Please select a time slot' });
  });

  it.each([
    ['a past date', '2026-11-30', '10:00 AM'],
    ['less than 2 hours ahead', '2026-12-01', '10:00 AM'],
    ['beyond 90 days', '2027-03-02', '10:00 AM'],
  ])('refuses %s with 409 SLOT_UNAVAILABLE', async (_name, date, time) => {
    const res = await book(date, time);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'SLOT_UNAVAILABLE', message: 'That time is no longer available. Please choose another time.' });
  });

  it('creates a pending booking that holds its slot for 30 minutes, with the deposit fixed at 5000 cents', async () => {
    const res = await book('2026-12-14', '9:00 AM', { depositAmount: 1, totalAmount: 0.01, email: 'maria@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      serviceType: 'tv-mounting',
      bookingDate: '2026-12-14',
      bookingTime: '9:00 AM',
      fullName: 'Maria Lopez',
      email: 'maria@example.com',
      phone: '(310) 555-0199',
      address: '1234 Ocean Ave, Santa Monica, CA',
      specialInstructions: 'Gate code 42',
      depositPaid: false,
      depositAmount: 5000,
      status: 'pending',
      createdAt: START.replace('Z', '.000Z'),
    });
    const stored = await row(res.body.id);
    expect(stored.depositAmount).toBe(5000);
    expect(stored.userId).toBeNull();
    expect(stored.holdExpiresAt?.toISOString()).toBe('2026-12-01T17:30:00.000Z');
    expect(stored.startsAt.toISOString()).toBe('2026-12-14T17:00:00.000Z');
    expect(await slots('2026-12-14')).not.toContain('9:00 AM');

    const again = await book('2026-12-14', '9:00 AM', { email: 'someone@example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'SLOT_TAKEN', message: 'Sorry, that time was just booked. Please choose another time.' });
  });

  it('links the booking to the signed-in customer', async () => {
    const { user, sid } = await signUp(t.app);
    // 11:00 AM: the 90-minute job at 9:00 AM plus its 30-minute travel buffer ends at 11:00 AM.
    const res = await book('2026-12-14', '11:00 AM', {}, sid);
    expect(res.status).toBe(201);
    expect((await row(res.body.id)).userId).toBe(user.id);
  });

  it('of 50 concurrent requests for one slot, exactly one wins and the others get 409 (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book('2026-12-15', '2:00 PM', { email: `racer${i}@example.com` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    // Same start, one crew: every loser is told the time was just taken.
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('SLOT_TAKEN');
    const rows = await t.db.select().from(bookings).where(and(eq(bookings.bookingDate, '2026-12-15'), eq(bookings.bookingTime, '2:00 PM')));
    expect(rows).toHaveLength(1);
  });

  it('rate-limits booking creation per client address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(t.app, 'POST', '/api/bookings', { body: {}, ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/calendar/check-availability', () => {
  it("hides a customer's own blocked times from that customer only", async () => {
    const customer = await signUp(t.app);
    const admin = await signUpOwner(t, ADMIN_EMAIL_2);
    await t.db.insert(blockedTimes).values({ userId: customer.user.id, isBusiness: false, date: '2026-12-16', time: '11:00 AM', endTime: '12:00 PM' });
    const url = '/api/calendar/check-availability?date=2026-12-16';
    const own = await call(t.app, 'GET', url, { sid: customer.sid });
    expect(own.status).toBe(200);
    expect(own.body.availableTimeSlots).toHaveLength(9);
    expect(own.body.availableTimeSlots).not.toContainEqual({ time: '11:00 AM' });
    const anonymous = await call(t.app, 'GET', url);
    expect(anonymous.body.availableTimeSlots).toHaveLength(10);
    expect(anonymous.body.availableTimeSlots[0]).toEqual({ time: '8:00 AM' });
    const asAdmin = await call(t.app, 'GET', url, { sid: admin.sid });
    expect(asAdmin.body.availableTimeSlots).toContainEqual({ time: '11:00 AM' });
    expect(await slots('2026-12-16')).toContain('11:00 AM');
    const bad = await call(t.app, 'GET', '/api/calendar/check-availability?date=tomorrow');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a date as yyyy-MM-dd');
  });
});

describe('deposit payment (demo provider)', () => {
  it('creates one intent per booking, confirms the 4242 card, and queues both emails with the .ics', async () => {
    const created = await book('2026-12-17', '1:00 PM', { email: 'maria@example.com' });
    const id = created.body.id as number;
    const first = await payIntent(id);
    expect(first.status).toBe(200);
    expect(first.body.clientSecret).toMatch(/^pi_demo_\w+_secret_\w+$/);
    const second = await payIntent(id);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    expect(await t.db.select().from(demoPayments).where(eq(demoPayments.bookingId, id))).toHaveLength(1);

    const res = await confirmDemo(first.body.clientSecret, { cardNumber: '4242424242424242' });
    expect(res.status).toBe(200);
    const intentId = first.body.clientSecret.split('_secret_')[0];
    expect(res.body.redirectUrl).toBe(
      `/book/confirmation?payment_intent=${intentId}&payment_intent_client_secret=${first.body.clientSecret}&redirect_status=succeeded`,
    );
    const paid = await row(id);
    expect(paid).toMatchObject({ status: 'confirmed', depositPaid: true, stripePaymentIntentId: intentId, holdExpiresAt: null });
    expect(paid.paidAt?.toISOString()).toBe('2026-12-01T17:00:00.000Z');

    const outbox = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    const customer = outbox.filter((e) => e.dedupeKey === `booking-confirmed-${id}`);
    const business = outbox.filter((e) => e.dedupeKey === `booking-new-${id}`);
    expect(customer).toHaveLength(1);
    expect(business).toHaveLength(1);
    expect(customer[0].toAddress).toBe('maria@example.com');
    expect(business[0].toAddress).toBe(BUSINESS_EMAIL);
    expect(customer[0].subject).toBe('Booking confirmed: TV Mounting on Thursday, December 17, 2026 at 1:00 PM');
    expect(customer[0].textBody).toContain('1234 Ocean Ave, Santa Monica, CA');
    expect(business[0].textBody).toContain('(310) 555-0199');
    const [ics] = customer[0].attachments;
    expect(ics.filename).toBe(`booking-${id}.ics`);
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain('DTSTART;TZID=America/Los_Angeles:20261217T130000');
    // The event lasts the job: TV mounting is 90 minutes.
    expect(ics.content).toContain('DTEND;TZID=America/Los_Angeles:20261217T143000');
    expect(ics.content).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles');
    expect(ics.content).toContain('TZOFFSETTO:-0800');
    expect(ics.content).toContain('DTSTAMP:20261201T170000Z');

    // Repeating the confirmation changes nothing and queues nothing more.
    const repeat = await confirmDemo(first.body.clientSecret);
    expect(repeat.status).toBe(200);
    expect(await emailsFor(id)).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-new-${id}`))).toHaveLength(1);

    const refused = await payIntent(id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'INVALID_STATUS', message: 'This booking can no longer be paid. Please book again.' });
  });

  it('declines 4000 0000 0000 0002 and refuses other cards with Stripe-like messages', async () => {
    // 3:00 PM: the 1:00 PM job (90 minutes + 30 travel) ends at 3:00 PM.
    const created = await book('2026-12-17', '3:00 PM');
    expect(created.status).toBe(201);
    const { clientSecret } = (await payIntent(created.body.id)).body;
    const declined = await confirmDemo(clientSecret, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    const other = await confirmDemo(clientSecret, { cardNumber: '5555 5555 5555 4444' });
    expect(other.status).toBe(402);
    expect(other.body.message).toBe('Your card number is invalid.');
    for (const [card, status, field, message] of [
      [{ cardNumber: '4242 4242' }, 400, 'cardNumber', 'Your card number is incomplete.'],
      [{ expiry: '12 / 25' }, 400, 'expiry', "Your card's expiration year is in the past."],
      [{ expiry: '11 / 26' }, 400, 'expiry', "Your card's expiration date is in the past."],
      [{ expiry: '13 / 30' }, 400, 'expiry', "Your card's expiration date is invalid."],
      [{ expiry: '12' }, 400, 'expiry', "Your card's expiration date is incomplete."],
      [{ cvc: '12' }, 400, 'cvc', "Your card's security code is incomplete."],
    ] as const) {
      const res = await confirmDemo(clientSecret, card);
      expect(res.status, JSON.stringify(card)).toBe(status);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    expect(await row(created.body.id)).toMatchObject({ status: 'pending', depositPaid: false });
    expect(await emailsFor(created.body.id)).toHaveLength(0);
    const unknown = await confirmDemo('pi_demo_nothing_secret_nothing');
    expect(unknown.status).toBe(404);
  });

  it("gives the payment only to the browser that booked or the booking's account", async () => {
    const guest = await book('2026-12-22', '9:00 AM');
    expect(guest.status).toBe(201);
    const stranger = await payIntent(guest.body.id, { cookie: null });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Booking not found.');
    // Another booking's token does not open this one.
    const other = await book('2026-12-22', '11:00 AM');
    expect(other.status).toBe(201);
    expect((await payIntent(guest.body.id, { cookie: payCookies.get(other.body.id) })).status).toBe(404);
    expect((await payIntent(guest.body.id)).status).toBe(200);

    // The signed-in customer can pay their booking from any browser.
    const customer = await signUp(t.app);
    const own = await book('2026-12-22', '1:00 PM', {}, customer.sid);
    expect(own.status).toBe(201);
    expect((await payIntent(own.body.id, { cookie: null, sid: customer.sid })).status).toBe(200);
    expect((await payIntent(own.body.id, { cookie: null, sid: (await signUp(t.app)).sid })).status).toBe(404);

    // The cookie is HttpOnly and scoped to the API.
    const setCookie = String([own.headers['set-cookie']].flat().find((c) => String(c).startsWith('booking_pay=')));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('records a demo payment the process died before recording: the reconciliation job confirms it, once', async () => {
    const created = await book('2026-12-18', '2:00 PM');
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const intent = await payIntent(id);
    const intentId = intent.body.clientSecret.split('_secret_')[0];
    // confirmDemoPayment's first step done, its second (recording the deposit) never run.
    await t.db.update(demoPayments).set({ status: 'succeeded' }).where(eq(demoPayments.id, intentId));
    expect(await row(id)).toMatchObject({ status: 'pending', depositPaid: false });

    const job = WORKERS.find((w) => w.name === 'payment-reconciliation')!;
    await job.run(t.app);
    await job.run(t.app);
    expect(await row(id)).toMatchObject({ status: 'confirmed', depositPaid: true, stripePaymentIntentId: intentId });
    expect(await emailsFor(id)).toHaveLength(1);
  });

  it('answers 404 for an unknown booking and 400 for a bad id', async () => {
    const missing = await payIntent(999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Booking not found.');
    expect((await payIntent('abc')).status).toBe(400);
  });

  it('webhook and feed are off without their secrets', async () => {
    const bare = await createTestApp({ clock, seed: false });
    try {
      const hook = await call(bare.app, 'POST', '/api/stripe/webhook', { body: { id: 'evt_1' }, headers: { 'stripe-signature': 't=1,v1=x' } });
      expect(hook.status).toBe(404);
      // No CALENDAR_FEED_TOKEN: no token opens the feed, not even an empty or a guessed one.
      for (const query of ['', '?token=', `?token=${FEED_TOKEN}`, '?token=undefined']) {
        const feed = await call(bare.app, 'GET', `/api/calendar/feed.ics${query}`);
        expect(feed.status, query).toBe(404);
        expect(feed.raw).not.toContain('BEGIN:VCALENDAR');
      }
    } finally {
      await bare.close();
    }
  });
});

describe('calendar feed', () => {
  it('serves confirmed bookings to the right token only', async () => {
    await confirmedBooking('2026-12-23', '1:00 PM', { fullName: 'Feed Person' });
    const unpaid = await book('2026-12-23', '3:00 PM', { fullName: 'Unpaid Person' });
    expect(unpaid.status).toBe(201);
    expect((await call(t.app, 'GET', '/api/calendar/feed.ics')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/calendar/feed.ics?token=wrong')).status).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: `/api/calendar/feed.ics?token=${FEED_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('DTSTART;TZID=America/Los_Angeles:20261223T130000');
    expect(res.body).toContain('SUMMARY:TV Mounting: Feed Person');
    // Pending (unpaid) bookings are not on the business calendar.
    expect(res.body).not.toContain('20261223T150000');
    expect(res.body).not.toContain('Unpaid Person');
  });
});

describe('holds, late payments and reminders', () => {
  it('frees the slot after 30 minutes and refuses to pay the expired hold', async () => {
    const created = await book('2026-12-18', '9:00 AM');
    expect(created.status).toBe(201);
    const { clientSecret } = (await payIntent(created.body.id)).body;
    expect(await slots('2026-12-18')).not.toContain('9:00 AM');
    clock.advance(31 * 60_000);
    expect(await slots('2026-12-18')).toContain('9:00 AM');
    const refused = await payIntent(created.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_STATUS');

    // Paying anyway (the form was still open) takes the still-free slot back.
    const late = await confirmDemo(clientSecret);
    expect(late.status).toBe(200);
    expect(await row(created.body.id)).toMatchObject({ status: 'confirmed', depositPaid: true, cancelReason: null });
    expect(await emailsFor(created.body.id)).toHaveLength(1);
  });

  it('a new booking takes an expired hold; the late payment is then refunded automatically', async () => {
    // 11:00 AM: clear of the 9:00 AM job (90 minutes + 30 travel) of the test before.
    const first = await book('2026-12-18', '11:00 AM');
    expect(first.status).toBe(201);
    const { clientSecret } = (await payIntent(first.body.id)).body;
    clock.advance(31 * 60_000);
    const second = await book('2026-12-18', '11:00 AM', { email: 'second@example.com' });
    expect(second.status).toBe(201);
    expect(await row(first.body.id)).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });

    const late = await confirmDemo(clientSecret);
    expect(late.status).toBe(200);
    const refunded = await row(first.body.id);
    expect(refunded).toMatchObject({ status: 'cancelled', depositPaid: true, refundStatus: 'refunded' });
    expect(refunded.refundId).toMatch(/^re_demo_/);
    const [payment] = await t.db.select().from(demoPayments).where(eq(demoPayments.bookingId, first.body.id));
    expect(payment.status).toBe('refunded');
    expect(await emailsFor(first.body.id)).toHaveLength(0);
    const notice = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-late-refund-${first.body.id}`));
    expect(notice).toHaveLength(1);
    expect(notice[0].subject).toBe('Your Westside Assembly Pros deposit was refunded');
    expect((await row(second.body.id)).status).toBe('pending');
  });

  it('the hold-expiry job releases unpaid bookings past their hold', async () => {
    const created = await book('2026-12-21', '8:00 AM');
    expect(await expireHolds(t.db, clock.now())).not.toContain(created.body.id);
    clock.advance(30 * 60_000);
    expect(await expireHolds(t.db, clock.now())).toContain(created.body.id);
    expect(await row(created.body.id)).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });
    expect(await expireHolds(t.db, clock.now())).toEqual([]);
  });

  it('queues one reminder for confirmed bookings starting within 24 hours', async () => {
    const id = await confirmedBooking('2026-12-29', '1:00 PM', { email: 'reminded@example.com' });
    // An unpaid booking the same day gets no reminder.
    // 10:00 AM: its 90 minutes and 30 of travel end before the 1:00 PM job.
    expect((await book('2026-12-29', '10:00 AM', { email: 'unpaid@example.com' })).status).toBe(201);
    // One day before 1:00 PM PST on Dec 29 is 2026-12-28 21:00Z.
    clock.set('2026-12-28T20:30:00Z');
    expect(await sendReminders(t.db, clock.now())).toBe(0);
    clock.set('2026-12-28T21:00:00Z');
    expect(await sendReminders(t.db, clock.now())).toBe(1);
    expect(await sendReminders(t.db, clock.now())).toBe(0);
    const reminders = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'booking_reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].toAddress).toBe('reminded@example.com');
    expect(reminders[0].subject).toBe('Reminder: TV Mounting on Tuesday, December 29, 2026 at 1:00 PM');
    expect((await row(id)).reminderSentAt?.toISOString()).toBe('2026-12-28T21:00:00.000Z');
  });
});
