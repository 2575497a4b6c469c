import { and, desc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, manageLinks } from '../../src/server/db/schema';
import { sendReminders } from '../../src/server/bookings/services/bookings-jobs';
import { call, freshIp, payCookieOf, signUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { sentText } from '../helpers/sent-mail';

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const START = '2026-12-01T17:00:00Z';
const clock = createClock(START);
const BUSINESS_EMAIL = 'owner@westside.example';
const PUBLIC_URL = 'http://localhost:5000';
const HOUR = 3_600_000;
const NOT_FOUND = { message: 'This link is no longer valid.', code: 'NOT_FOUND' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { BUSINESS_EMAIL } });
});
afterAll(async () => t?.close());
beforeEach(() => clock.set(START));

let seq = 0;
/** A booking made and paid with the demo card as a guest's browser does; returns its id and email. */
async function paidBooking(date: string, time: string, sid?: string, serviceType = 'tv-mounting') {
  seq += 1;
  const email = `guest${seq}-${Date.now()}@example.com`;
  const created = await call(t.app, 'POST', '/api/bookings', {
    ip: freshIp(),
    sid,
    body: { serviceType, bookingDate: date, bookingTime: time, fullName: 'Gina Guest', phone: '(310) 555-0123', email, address: '1234 Ocean Ave, Santa Monica, CA 90401' },
  });
  expect(created.status, created.raw).toBe(201);
  const cookie = payCookieOf(created)!;
  const intent = await call(t.app, 'POST', '/api/create-payment-intent', { ip: freshIp(), sid, body: { bookingId: created.body.id }, headers: { cookie } });
  expect(intent.status, intent.raw).toBe(200);
  const paid = await call(t.app, 'POST', '/api/payments/demo/confirm', {
    ip: freshIp(),
    body: { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: '90401' },
  });
  expect(paid.status, paid.raw).toBe(200);
  return { id: created.body.id as number, email };
}

async function newestEmail(kind: string, to: string) {
  const [row] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return row;
}

/** The manage link's token in the newest email of this kind to this address, as it is sent. */
async function tokenFrom(kind: string, to: string): Promise<string> {
  const text = await sentText(t.app, (await newestEmail(kind, to)).id);
  const match = new RegExp(`${PUBLIC_URL}/booking/([A-Za-z0-9_-]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1];
}

const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const get = (token: string, ip = freshIp()) => call(t.app, 'GET', `/api/manage/${token}`, { ip });
const post = (token: string, action: string, body?: unknown) => call(t.app, 'POST', `/api/manage/${token}/${action}`, { ip: freshIp(), body: body ?? {} });
const starts = async (date: string) =>
  ((await call(t.app, 'GET', `/api/time-slots?date=${date}&serviceType=tv-mounting`, { ip: freshIp() })).body as { slotTime: string }[]).map((s) => s.slotTime);

describe('the manage link', () => {
  it('comes in the confirmation email as 43 base64url characters, only its SHA-256 stored, and opens the booking', async () => {
    const { id, email } = await paidBooking('2026-12-10', '10:00 AM');
    const confirmation = await newestEmail('booking_confirmed', email);
    expect(confirmation.textBody).toContain('We will also email you a reminder 24 hours before the appointment.');
    const token = await tokenFrom('booking_confirmed', email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.select().from(manageLinks).where(eq(manageLinks.bookingId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const res = await get(token);
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      serviceName: 'TV Mounting',
      bookingDate: '2026-12-10',
      bookingTime: '10:00 AM',
      endTime: '11:30 AM',
      startsAt: '2026-12-10T18:00:00.000Z',
      endsAt: '2026-12-10T19:30:00.000Z',
      address: '1234 Ocean Ave, Santa Monica, CA 90401',
      status: 'confirmed',
      depositPaid: true,
      depositAmount: 5000,
      refundStatus: 'none',
      canCancel: true,
      isRefundable: true,
      canMove: true,
      businessPhone: expect.any(String),
    });
  });

  it('a wrong, malformed or expired token gets the same 404 with the same body', async () => {
    const { email } = await paidBooking('2026-12-11', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const answers = [await get(wrong), await get('not-a-token'), await get('A'.repeat(43)), await post(wrong, 'cancel'), await post(wrong, 'move', { bookingDate: '2026-12-20', bookingTime: '10:00 AM' })];
    // The appointment has started: the link is dead.
    clock.set('2026-12-11T18:00:00Z');
    answers.push(await get(token), await call(t.app, 'GET', `/api/manage/${token}/ics`, { ip: freshIp() }));
    for (const res of answers) {
      expect(res.status, res.raw).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('cancelling 25 hours ahead refunds the deposit', async () => {
    const { id, email } = await paidBooking('2026-12-12', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    clock.set(new Date((await row(id)).startsAt.getTime() - 25 * HOUR));
    expect((await get(token)).body).toMatchObject({ isRefundable: true, canCancel: true });
    const res = await post(token, 'cancel');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.refund).toBe('refunded');
    expect(res.body.message).toBe('Your booking has been cancelled and your $50 deposit has been refunded.');
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refundStatus: 'refunded', canCancel: false, canMove: false });
    expect(await row(id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    expect(await newestEmail('booking-cancelled-business', BUSINESS_EMAIL)).toBeDefined();
    // Cancelled again: a conflict, not a second refund.
    expect((await post(token, 'cancel')).status).toBe(409);
  });

  it('cancelling 23 hours ahead keeps the deposit', async () => {
    const { id, email } = await paidBooking('2026-12-09', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    clock.set(new Date((await row(id)).startsAt.getTime() - 23 * HOUR));
    expect((await get(token)).body).toMatchObject({ isRefundable: false, canCancel: true, canMove: false });
    const res = await post(token, 'cancel');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.refund).toBe('kept');
    expect(res.body.message).toBe('Your booking has been cancelled. The $50 deposit is kept because the appointment was less than 24 hours away.');
    expect(await row(id)).toMatchObject({ status: 'cancelled', refundStatus: 'kept', depositPaid: true });
  });
});

describe('moving by the link', () => {
  it('offers the starts of the booking’s own job, its own time included', async () => {
    const { email } = await paidBooking('2026-12-14', '1:00 PM');
    const token = await tokenFrom('booking_confirmed', email);
    const res = await call(t.app, 'GET', `/api/manage/${token}/slots?date=2026-12-14`, { ip: freshIp() });
    expect(res.status, res.raw).toBe(200);
    const labels = (res.body as { slotTime: string }[]).map((s) => s.slotTime);
    expect(labels).toContain('1:00 PM');
    expect(await starts('2026-12-14')).not.toContain('1:00 PM');
    expect((await call(t.app, 'GET', `/api/manage/${token}/slots?date=tomorrow`, { ip: freshIp() })).status).toBe(400);
  });

  it('moves to a free start in one go: the old time is freed, the deposit kept, both emailed', async () => {
    const { id, email } = await paidBooking('2026-12-15', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    const before = await row(id);
    expect(await starts('2026-12-15')).not.toContain('10:00 AM');
    const res = await post(token, 'move', { bookingDate: '2026-12-16', bookingTime: '2:00 PM' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.message).toBe('Your appointment is now on Wednesday, December 16, 2026 at 2:00 PM. We have emailed you the new time.');
    expect(res.body.booking).toMatchObject({ bookingDate: '2026-12-16', bookingTime: '2:00 PM', status: 'confirmed', depositPaid: true });
    const after = await row(id);
    expect(after).toMatchObject({ bookingDate: '2026-12-16', bookingTime: '2:00 PM', depositPaid: true, status: 'confirmed', stripePaymentIntentId: before.stripePaymentIntentId });
    expect(after.startsAt.toISOString()).toBe('2026-12-16T22:00:00.000Z');
    expect(await starts('2026-12-15')).toContain('10:00 AM');
    expect(await starts('2026-12-16')).not.toContain('2:00 PM');

    const toCustomer = await newestEmail('booking-moved-by-customer', email);
    expect(toCustomer.subject).toBe('New time: TV Mounting on Wednesday, December 16, 2026 at 2:00 PM');
    expect(toCustomer.textBody).toContain('has moved from Tuesday, December 15, 2026 at 10:00 AM to Wednesday, December 16, 2026 at 2:00 PM, as you asked.');
    expect(toCustomer.attachments).toHaveLength(1);
    const toBusiness = await newestEmail('booking-moved-business', BUSINESS_EMAIL);
    expect(toBusiness.subject).toBe(`Booking #${id} moved: TV Mounting, Wednesday, December 16, 2026 at 2:00 PM`);
    // The old link still works; the new email carries a new one.
    expect((await get(token)).body.bookingTime).toBe('2:00 PM');
    const fresh = await tokenFrom('booking-moved-by-customer', email);
    expect(fresh).not.toBe(token);
    expect((await get(fresh)).status).toBe(200);
  });

  it('into a taken start is 409 SLOT_TAKEN and changes nothing', async () => {
    await paidBooking('2026-12-17', '10:00 AM');
    const { id, email } = await paidBooking('2026-12-18', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    const res = await post(token, 'move', { bookingDate: '2026-12-17', bookingTime: '10:00 AM' });
    expect(res.status, res.raw).toBe(409);
    expect(res.body).toEqual({ message: 'Sorry, that time was just booked. Please choose another time.', code: 'SLOT_TAKEN' });
    expect(await row(id)).toMatchObject({ bookingDate: '2026-12-18', bookingTime: '10:00 AM' });
  });

  it('to a start free for an hour but too short for the job is 409 JOB_DOES_NOT_FIT, naming the service and its length', async () => {
    // Monday: a job at 12:00 PM leaves 9:00 AM free for one hour (and its travel buffer), not
    // for a three-hour custom project.
    await paidBooking('2026-12-07', '12:00 PM');
    const { id, email } = await paidBooking('2026-12-08', '10:00 AM', undefined, 'custom-project');
    const token = await tokenFrom('booking_confirmed', email);
    const res = await post(token, 'move', { bookingDate: '2026-12-07', bookingTime: '9:00 AM' });
    expect(res.status, res.raw).toBe(409);
    expect(res.body).toEqual({ message: 'That time is too short for Custom Project, which takes about 3 hours. Please pick another time.', code: 'JOB_DOES_NOT_FIT' });
    expect(await row(id)).toMatchObject({ bookingDate: '2026-12-08', bookingTime: '10:00 AM' });
  });

  it('inside 24 hours is 409 TOO_LATE_TO_CHANGE, with the phone', async () => {
    const { id, email } = await paidBooking('2026-12-19', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    clock.set(new Date((await row(id)).startsAt.getTime() - 23 * HOUR));
    const phone = (await get(token)).body.businessPhone as string;
    const res = await post(token, 'move', { bookingDate: '2026-12-22', bookingTime: '10:00 AM' });
    expect(res.status, res.raw).toBe(409);
    expect(res.body).toEqual({
      message: `Your appointment is less than 24 hours away, so its time can no longer be changed online. Please call us at ${phone}.`,
      code: 'TOO_LATE_TO_CHANGE',
    });
  });

  it('a cancelled booking cannot be moved (409) and bad input is a 400', async () => {
    const { email } = await paidBooking('2026-12-21', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    const bad = await post(token, 'move', { bookingDate: '12/22/2026', bookingTime: 'noon' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ bookingDate: 'Enter a date as yyyy-MM-dd', bookingTime: 'Please select a time slot' });
    expect((await post(token, 'cancel')).status).toBe(200);
    const res = await post(token, 'move', { bookingDate: '2026-12-22', bookingTime: '10:00 AM' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATUS');
  });
});

describe('calendar file, reminders and limits', () => {
  it('the .ics parses back to the appointment', async () => {
    const { email } = await paidBooking('2026-12-23', '10:00 AM');
    const token = await tokenFrom('booking_confirmed', email);
    const res = await t.app.inject({ method: 'GET', url: `/api/manage/${token}/ics`, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toContain('TV Mounting with ');
    expect(event.location).toBe('1234 Ocean Ave, Santa Monica, CA 90401');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-23T18:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-23T19:30:00.000Z');
  });

  it('the reminder carries a manage link and the phone; a booking made inside 24 hours gets none and its confirmation says so', async () => {
    const { email } = await paidBooking('2026-12-24', '10:00 AM');
    clock.set('2026-12-23T23:00:00Z');
    const late = await paidBooking('2026-12-24', '2:00 PM');
    expect((await newestEmail('booking_confirmed', late.email)).textBody).toContain(
      'Your appointment is less than 24 hours away, so we will not send a reminder email: this email is your reminder.',
    );
    await sendReminders(t.db, clock.now(), { publicUrl: PUBLIC_URL });
    await sendReminders(t.db, clock.now(), { publicUrl: PUBLIC_URL });
    const reminders = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'booking_reminder'));
    expect(reminders.filter((r) => r.toAddress === email)).toHaveLength(1);
    expect(reminders.filter((r) => r.toAddress === late.email)).toHaveLength(0);
    const reminder = await newestEmail('booking_reminder', email);
    const phone = (await get(await tokenFrom('booking_reminder', email))).body.businessPhone as string;
    expect(reminder.textBody).toContain(`Need to change something? Call us at ${phone}.`);
  });

  it('is rate-limited per client address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await get('B'.repeat(43), ip)).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('My Bookings: change time and .ics for the signed-in owner only', () => {
  it('moves the owner’s booking and refuses anyone else', async () => {
    const owner = await signUp(t.app, { fullName: 'Olive Owner' });
    const other = await signUp(t.app, { fullName: 'Oscar Other' });
    const { id } = await paidBooking('2026-12-28', '10:00 AM', owner.sid);
    expect((await row(id)).userId).toBe(owner.user.id);
    const body = { bookingDate: '2026-12-29', bookingTime: '11:00 AM' };
    expect((await call(t.app, 'POST', `/api/dashboard/bookings/${id}/move`, { sid: other.sid, body })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/dashboard/bookings/${id}/ics`, { sid: other.sid })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/dashboard/bookings/${id}/ics`)).status).toBe(401);
    const ics = await call(t.app, 'GET', `/api/dashboard/bookings/${id}/ics`, { sid: owner.sid });
    expect(ics.status).toBe(200);
    expect(ics.raw).toContain('BEGIN:VEVENT');
    const google = await call(t.app, 'GET', `/api/dashboard/bookings/${id}/google-calendar`, { sid: owner.sid });
    expect(google.status).toBe(302);
    const target = new URL(String(google.headers.location));
    expect(target.origin + target.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(target.searchParams.get('dates')).toBe('20261228T180000Z/20261228T193000Z');
    expect(target.searchParams.get('location')).toBe('1234 Ocean Ave, Santa Monica, CA 90401');
    expect((await call(t.app, 'GET', `/api/dashboard/bookings/${id}/google-calendar`, { sid: other.sid })).status).toBe(404);
    const slots = await call(t.app, 'GET', `/api/dashboard/bookings/${id}/slots?date=2026-12-29`, { sid: owner.sid });
    expect((slots.body as { slotTime: string }[]).map((s) => s.slotTime)).toContain('11:00 AM');
    const res = await call(t.app, 'POST', `/api/dashboard/bookings/${id}/move`, { sid: owner.sid, body });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.booking).toMatchObject({ id, bookingDate: '2026-12-29', bookingTime: '11:00 AM', depositPaid: true });
  });
});
