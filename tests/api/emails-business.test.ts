import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, services } from '../../src/server/db/schema';
import { sendReminders } from '../../src/server/bookings/services/bookings-jobs';
import { withServiceName } from '../../src/server/messaging/services/email-facts';
import { DEFAULT_SETTINGS } from '../../src/shared/schemas/settings';
import { call, freshIp, payCookieOf, signUp, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/**
 * Emails and calendar files name the business as the owner set it in /admin (settings), and a
 * booking's service by its current name in the services table, not the compiled constants.
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const START = '2026-12-01T17:00:00Z';
const clock = createClock(START);
const ADMIN_EMAIL = 'owner@facts.example';
const BUSINESS_EMAIL = 'inbox@facts.example';
const FEED_TOKEN = 'feed-token-facts-0123456789';

const OLD = DEFAULT_SETTINGS.business;
const NEW = { name: 'Ocean Park Handy Co', phone: '(424) 555-0177', email: 'team@oceanpark.example' };
const NEW_SERVICE_NAME = 'TV and Wall Art Mounting';
const NEW_FOOTER = `${NEW.name} · ${NEW.phone} · ${NEW.email}`;

let t: TestApp;
let adminSid: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: ADMIN_EMAIL, BUSINESS_EMAIL, CALENDAR_FEED_TOKEN: FEED_TOKEN } });
  adminSid = (await signUpOwner(t, ADMIN_EMAIL)).sid;
});
afterAll(async () => t?.close());

/** The newest email of a kind to an address. */
async function newestEmail(kind: string, to: string) {
  const [row] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), sql`lower(${emailOutbox.toAddress}) = ${to.toLowerCase()}`))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  expect(row, `a ${kind} email to ${to}`).toBeDefined();
  return row;
}

/** Every text an email carries: subject, plain text, HTML and attachments (.ics lines unfolded). */
const everything = (row: typeof emailOutbox.$inferSelect) =>
  [row.subject, row.textBody, row.htmlBody ?? '', ...row.attachments.map((a) => a.content.replace(/\r\n[ \t]/g, ''))].join('\n');

function expectNoOldFacts(text: string) {
  expect(text).not.toContain(OLD.name);
  expect(text).not.toContain(OLD.phone);
  expect(text).not.toContain(OLD.email);
}

let emailSeq = 0;
/** A TV mounting booking paid with the demo card: confirmed, as the customer's journey leaves it. */
async function confirmedBooking(date: string, time: string) {
  emailSeq += 1;
  const email = `facts-${Date.now()}-${emailSeq}@example.com`;
  const created = await call(t.app, 'POST', '/api/bookings', {
    ip: freshIp(),
    body: {
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: time,
      fullName: 'Nora Kim',
      phone: '(310) 555-0123',
      email,
      address: '200 Pier Ave, Santa Monica, CA',
      specialInstructions: 'Mount above the fireplace',
      depositAmount: 50,
      totalAmount: 50,
    },
  });
  expect(created.status, created.raw).toBe(201);
  const cookie = payCookieOf(created);
  const intent = await call(t.app, 'POST', '/api/create-payment-intent', { ip: freshIp(), body: { bookingId: created.body.id }, headers: cookie ? { cookie } : {} });
  expect(intent.status, intent.raw).toBe(200);
  const paid = await call(t.app, 'POST', '/api/payments/demo/confirm', {
    ip: freshIp(),
    body: { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: '90401' },
  });
  expect(paid.status, paid.raw).toBe(200);
  return { id: created.body.id as number, email };
}

async function forgotPassword(email: string) {
  expect((await call(t.app, 'POST', '/api/auth/forgot-password', { ip: freshIp(), body: { email } })).status).toBe(200);
  return newestEmail('password_reset', email);
}

async function contactMessage(email: string) {
  const res = await call(t.app, 'POST', '/api/contact', {
    ip: freshIp(),
    body: { fullName: 'Leo Park', email, subject: 'Wall-mounted desk', message: 'Could you mount a fold-down desk in our Venice apartment?' },
  });
  expect(res.status, res.raw).toBe(201);
  return newestEmail('contact-ack', email);
}

describe('with the first settings', () => {
  it('emails name the business as it started: the texts are as they were', async () => {
    const owner = await newestEmail('owner_confirm_email', ADMIN_EMAIL);
    expect(owner.subject).toBe(`Confirm your email for ${OLD.name}`);

    const { email } = await signUp(t.app);
    const reset = await forgotPassword(email);
    expect(reset.subject).toBe(`Reset your ${OLD.name} password`);
    expect(reset.textBody).toContain(`someone asked to reset the password of your ${OLD.name} account.`);
    expect(reset.textBody).toContain(`${OLD.name} · ${OLD.phone} · ${OLD.email}`);

    const ack = await contactMessage(`before-${Date.now()}@example.com`);
    expect(ack.subject).toBe(`We received your message | ${OLD.name}`);
    expect(ack.textBody).toContain(`If it is urgent, call us at ${OLD.phone}.`);
  });
});

describe('after the owner changes the business facts and renames a service', () => {
  beforeAll(async () => {
    const patched = await call(t.app, 'PATCH', '/api/admin/settings', { sid: adminSid, body: { business: { name: NEW.name, phone: NEW.phone, email: NEW.email } } });
    expect(patched.status, patched.raw).toBe(200);
    const list = await call(t.app, 'GET', '/api/admin/services', { sid: adminSid });
    type AdminService = { id: number; slug: string; description: string; price: number; durationMinutes: number; active: boolean; sortOrder: number };
    const tv = (list.body as AdminService[]).find((s) => s.slug === 'tv-mounting')!;
    const renamed = await call(t.app, 'PUT', `/api/admin/services/${tv.id}`, {
      sid: adminSid,
      body: { name: NEW_SERVICE_NAME, description: tv.description, price: tv.price, durationMinutes: tv.durationMinutes, active: tv.active, sortOrder: tv.sortOrder },
    });
    expect(renamed.status, renamed.raw).toBe(200);
  });

  it('a booking confirmation, its .ics and the business copy carry the new name, phone, email and service name', async () => {
    const { id, email } = await confirmedBooking('2026-12-08', '10:00 AM');
    const confirmation = await newestEmail('booking_confirmed', email);
    expect(confirmation.subject).toBe(`Booking confirmed: ${NEW_SERVICE_NAME} on Tuesday, December 8, 2026 at 10:00 AM`);
    expect(confirmation.textBody).toContain(`Hi Nora Kim, thank you for booking with ${NEW.name}.`);
    expect(confirmation.textBody).toContain(`(sign in with this email address) or call us at ${NEW.phone}.`);
    expect(confirmation.textBody).toContain(`Service: ${NEW_SERVICE_NAME}`);
    expect(confirmation.textBody).toContain(NEW_FOOTER);
    expect(confirmation.htmlBody).toContain(`font-weight:bold">${NEW.name}</td>`);
    expect(confirmation.htmlBody).toContain(NEW_FOOTER);
    const ics = confirmation.attachments[0].content.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`SUMMARY:${NEW_SERVICE_NAME} with ${NEW.name}`);
    expect(ics).toContain(`Questions or changes: ${NEW.phone} · ${NEW.email}`);
    expect(ics).toContain(`PRODID:-//${NEW.name}//Bookings//EN`);
    expectNoOldFacts(everything(confirmation));
    expect(everything(confirmation)).not.toContain('TV Mounting');

    const [business] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-new-${id}`));
    expect(business.toAddress).toBe(BUSINESS_EMAIL);
    expect(business.subject).toBe(`New booking #${id}: ${NEW_SERVICE_NAME}, Tuesday, December 8, 2026 at 10:00 AM`);
    expect(business.textBody).toContain(`Nora Kim booked ${NEW_SERVICE_NAME} and paid the $50 deposit.`);
    expectNoOldFacts(everything(business));
  });

  it('the reminder and the business calendar feed name them too', async () => {
    const { email } = await confirmedBooking('2026-12-09', '1:00 PM');
    // 2026-12-09 1:00 PM PST is 21:00Z: two hours before, the reminder is due.
    expect(await sendReminders(t.db, new Date('2026-12-09T19:00:00Z'))).toBeGreaterThanOrEqual(1);
    const reminder = await newestEmail('booking_reminder', email);
    expect(reminder.subject).toBe(`Reminder: ${NEW_SERVICE_NAME} on Wednesday, December 9, 2026 at 1:00 PM`);
    expect(reminder.textBody).toContain(`this is a reminder of your ${NEW_SERVICE_NAME} appointment with ${NEW.name}.`);
    expect(reminder.textBody).toContain(`Need to change something? Call us at ${NEW.phone}.`);
    expectNoOldFacts(everything(reminder));

    const feed = await t.app.inject({ method: 'GET', url: `/api/calendar/feed.ics?token=${FEED_TOKEN}` });
    expect(feed.statusCode).toBe(200);
    const body = feed.body.replace(/\r\n[ \t]/g, '');
    expect(body).toContain(`X-WR-CALNAME:${NEW.name} bookings`);
    expect(body).toContain(`SUMMARY:${NEW_SERVICE_NAME}: Nora Kim`);
    expectNoOldFacts(body);
  });

  it('the business cancelling a booking emails the new phone and service name', async () => {
    const { id, email } = await confirmedBooking('2026-12-10', '11:00 AM');
    const res = await call(t.app, 'POST', `/api/admin/bookings/${id}/status`, { sid: adminSid, body: { status: 'cancelled' } });
    expect(res.status, res.raw).toBe(200);
    const cancelled = await newestEmail('booking-cancelled-by-business', email);
    expect(cancelled.subject).toBe(`Cancelled: ${NEW_SERVICE_NAME} on Thursday, December 10, 2026`);
    expect(cancelled.textBody).toContain(`We would be glad to find you another time: book online or call us at ${NEW.phone}.`);
    expectNoOldFacts(everything(cancelled));
  });

  it('a contact auto-reply carries the new name and phone', async () => {
    const ack = await contactMessage(`after-${Date.now()}@example.com`);
    expect(ack.subject).toBe(`We received your message | ${NEW.name}`);
    expect(ack.textBody).toContain(`If it is urgent, call us at ${NEW.phone}.`);
    expect(ack.textBody).toContain(NEW_FOOTER);
    expectNoOldFacts(everything(ack));
  });

  it('a password reset email carries the new name and phone', async () => {
    const { email } = await signUp(t.app);
    const reset = await forgotPassword(email);
    expect(reset.subject).toBe(`Reset your ${NEW.name} password`);
    expect(reset.textBody).toContain(`Hi Test Customer, someone asked to reset the password of your ${NEW.name} account.`);
    expect(reset.textBody).toContain(NEW_FOOTER);
    expectNoOldFacts(everything(reset));
  });

  it("a service gone from the table is named by its slug's built-in label", async () => {
    expect((await withServiceName(t.db, { serviceType: 'tv-mounting' })).serviceName).toBe(NEW_SERVICE_NAME);
    await t.db.delete(services).where(eq(services.slug, 'custom-project'));
    expect((await withServiceName(t.db, { serviceType: 'custom-project' })).serviceName).toBe('Custom Project');
  });
});
