import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, contactSubmissions, users } from '../../src/server/db/schema';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

let t: TestApp;
// 2026-10-07 12:00 in Los Angeles.
const clock = createClock('2026-10-07T19:00:00.000Z');
let adminCookie: string;
let customerCookie: string;

const signIn = async (role: 'admin' | 'customer', email?: string) => (await sessionAs(t.db, role, { email, createdAt: new Date('2026-01-01T00:00:00Z') })).cookie;

let hour = 0;
async function book(date: string, values: Partial<typeof bookings.$inferInsert>) {
  const h = 8 + (hour++ % 9);
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: `${h > 12 ? h - 12 : h}:00 ${h >= 12 ? 'PM' : 'AM'}`,
      startsAt: new Date(`${date}T${String(h + 7).padStart(2, '0')}:00:00Z`),
      fullName: 'Someone',
      email: 'someone@example.com',
      phone: '310-555-0100',
      address: '1 Main St, Santa Monica, CA 90401',
      status: 'confirmed',
      depositPaid: true,
      ...values,
    })
    .returning();
  return row;
}

const asAdmin = (url: string) => injectJson(t.app, 'GET', url, undefined, { cookie: adminCookie });

let guestPast: number;
let guestNext: number;
let accountBooking: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = await signIn('admin', 'owner@numbers.test');
  customerCookie = await signIn('customer', 'plain-customer@numbers.test');
  // A guest who booked twice with the address typed two ways, and wrote once.
  guestPast = (await book('2026-09-15', { fullName: 'Gina Guest', email: 'Gina.Guest@Example.com', phone: '(424) 555-0177', createdAt: new Date('2026-09-01T17:00:00Z'), status: 'completed' })).id;
  guestNext = (await book('2026-10-20', { fullName: 'Gina Guest', email: 'gina.guest@example.com', phone: '(424) 555-0177', createdAt: new Date('2026-10-02T17:00:00Z') })).id;
  await t.db.insert(contactSubmissions).values({
    fullName: 'Gina G.',
    email: 'GINA.GUEST@example.com',
    subject: 'Mounting a second TV',
    message: 'Can you also mount the bedroom TV?',
    botCheck: 'passed',
    createdAt: new Date('2026-10-03T17:00:00Z'),
  });
  // A message the bot check refused: not the owner's reading, not a customer.
  await t.db.insert(contactSubmissions).values({ fullName: 'Spam Bot', email: 'spam@bots.test', subject: 'Cheap SEO', message: 'Buy now', botCheck: 'failed', createdAt: new Date('2026-10-04T17:00:00Z') });
  // An account holder with a phone on the account, one cancelled booking under another phone.
  await t.db.insert(users).values({ email: 'Dana.Account@example.com', fullName: 'Dana Account', passwordHash: 'unusable', role: 'customer', phone: '(310) 555-0199', createdAt: new Date('2026-08-01T17:00:00Z') });
  accountBooking = (await book('2026-10-09', { fullName: 'Dana A', email: 'dana.account@example.com', phone: '310-555-0000', status: 'cancelled', createdAt: new Date('2026-09-20T17:00:00Z') })).id;
  // Someone who only wrote.
  await t.db.insert(contactSubmissions).values({ fullName: 'Walt Writer', email: 'walt@example.com', subject: 'Quote', message: 'How much for a desk?', botCheck: 'passed', createdAt: new Date('2026-09-10T17:00:00Z') });
});
afterAll(async () => t?.close());

describe('GET /api/admin/customers', () => {
  it('is for the business only', async () => {
    expect((await injectJson(t.app, 'GET', '/api/admin/customers?q=gina')).status).toBe(401);
    expect((await injectJson(t.app, 'GET', '/api/admin/customers?q=gina', undefined, { cookie: customerCookie })).status).toBe(403);
    expect((await injectJson(t.app, 'GET', '/api/admin/customers/detail?email=gina.guest%40example.com', undefined, { cookie: customerCookie })).status).toBe(403);
  });

  it('lists accounts, guest bookers and writers once per email, most recent activity first', async () => {
    const res = await asAdmin('/api/admin/customers');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(50);
    // The plain customer account was made on Jan 1; admins are not customers; the bot is left out.
    expect(res.body.customers.map((c: { email: string }) => c.email)).toEqual([
      'gina.guest@example.com',
      'dana.account@example.com',
      'walt@example.com',
      'plain-customer@numbers.test',
    ]);
    expect(res.body.total).toBe(4);
    expect(res.body.customers[0]).toEqual({
      email: 'gina.guest@example.com',
      name: 'Gina Guest',
      phone: '(424) 555-0177',
      hasAccount: false,
      bookings: 2,
      upcoming: 1,
      messages: 1,
      lastActivityAt: '2026-10-03T17:00:00.000Z',
    });
    // The account's name and phone win over what a booking typed.
    expect(res.body.customers[1]).toEqual({
      email: 'dana.account@example.com',
      name: 'Dana Account',
      phone: '(310) 555-0199',
      hasAccount: true,
      bookings: 1,
      upcoming: 0,
      messages: 0,
      lastActivityAt: '2026-09-20T17:00:00.000Z',
    });
    expect(res.body.customers[2]).toMatchObject({ email: 'walt@example.com', name: 'Walt Writer', phone: null, hasAccount: false, bookings: 0, messages: 1 });
  });

  it('finds a guest booker and an account by name, email or phone, in any case', async () => {
    const emails = async (q: string) => {
      const res = await asAdmin(`/api/admin/customers?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.customers.map((c: { email: string }) => c.email);
    };
    expect(await emails('GINA')).toEqual(['gina.guest@example.com']);
    expect(await emails('guest@EXAMPLE')).toEqual(['gina.guest@example.com']);
    expect(await emails('dana account')).toEqual(['dana.account@example.com']);
    // Digits match however the phone was typed; a booking's other phone finds the account too.
    expect(await emails('3105550199')).toEqual(['dana.account@example.com']);
    expect(await emails('310-555-0000')).toEqual(['dana.account@example.com']);
    expect(await emails('424 555')).toEqual(['gina.guest@example.com']);
    // The name on a message finds its writer; LIKE wildcards are plain text.
    expect(await emails('Gina G.')).toEqual(['gina.guest@example.com']);
    expect(await emails('%')).toEqual([]);
    expect(await emails('spam')).toEqual([]);
    expect(await emails('nobody-at-all')).toEqual([]);
  });

  it('refuses an over-long search with a 400 and a message', async () => {
    const res = await asAdmin(`/api/admin/customers?q=${'x'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Search text is too long (100 characters at most)');
    expect(res.body.errors).toEqual({ q: 'Search text is too long (100 characters at most)' });
  });
});

describe('GET /api/admin/customers/detail', () => {
  it("shows a guest's bookings (newest first) and messages, whatever the address's case", async () => {
    const res = await asAdmin('/api/admin/customers/detail?email=GINA.guest%40example.com');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'gina.guest@example.com', name: 'Gina Guest', phone: '(424) 555-0177', hasAccount: false, accountSince: null, bookings: 2, upcoming: 1, messages: 1 });
    expect(res.body.bookingList.map((b: { id: number; status: string; bookingDate: string }) => [b.id, b.status, b.bookingDate])).toEqual([
      [guestNext, 'confirmed', '2026-10-20'],
      [guestPast, 'completed', '2026-09-15'],
    ]);
    expect(res.body.bookingList[0]).toMatchObject({ serviceType: 'tv-mounting', bookingTime: expect.any(String), depositPaid: true, refundStatus: 'none', address: '1 Main St, Santa Monica, CA 90401' });
    expect(res.body.messageList).toEqual([
      { id: expect.any(Number), fullName: 'Gina G.', email: 'GINA.GUEST@example.com', subject: 'Mounting a second TV', message: 'Can you also mount the bedroom TV?', createdAt: '2026-10-03T17:00:00.000Z' },
    ]);
  });

  it("shows an account's sign-up date and its cancelled booking", async () => {
    const res = await asAdmin('/api/admin/customers/detail?email=dana.account%40example.com');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasAccount: true, accountSince: '2026-08-01T17:00:00.000Z', name: 'Dana Account' });
    expect(res.body.bookingList.map((b: { id: number; status: string }) => [b.id, b.status])).toEqual([[accountBooking, 'cancelled']]);
    expect(res.body.messageList).toEqual([]);
  });

  it('answers 404 for an address nobody used and 400 for a bad or missing one', async () => {
    const unknown = await asAdmin('/api/admin/customers/detail?email=nobody%40example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No customer has booked, signed up or written with that email address.');
    const spam = await asAdmin('/api/admin/customers/detail?email=spam%40bots.test');
    expect(spam.status).toBe(404);

    const bad = await asAdmin('/api/admin/customers/detail?email=not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'Enter a valid email address' });
    const missing = await asAdmin('/api/admin/customers/detail');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ email: 'Enter the customer’s email address' });
  });
});
