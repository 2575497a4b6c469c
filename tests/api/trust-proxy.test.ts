import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema';
import { TOO_MANY_HOLDS_MESSAGE } from '../../src/server/bookings/services/bookings';
import { call, uniqueEmail } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/**
 * Which address the per-address limits count (TRUST_PROXY): a client must not pick its own by
 * sending X-Forwarded-For, in production least of all.
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const clock = createClock('2026-12-01T17:00:00Z');
const PRODUCTION = { NODE_ENV: 'production', PAYMENTS: 'demo', RATE_LIMIT_SCALE: '1' };
const TOO_MANY_HOLDS = { code: 'TOO_MANY_HOLDS', message: TOO_MANY_HOLDS_MESSAGE };

let untrusted: TestApp;
let oneHop: TestApp;
let addresses: TestApp;

beforeAll(async () => {
  untrusted = await createTestApp({ clock, env: PRODUCTION });
  // The same database behind two more configurations; each test uses its own addresses.
  oneHop = await createTestApp({ clock, env: { ...PRODUCTION, TRUST_PROXY: '1' }, database: untrusted.database, seed: false });
  addresses = await createTestApp({ clock, env: { ...PRODUCTION, TRUST_PROXY: '10.9.0.0/16, 192.0.2.10' }, database: untrusted.database, seed: false });
});
afterAll(async () => {
  await oneHop?.close();
  await addresses?.close();
  await untrusted?.close();
});

let nextDay = 2;
/** The first start the server offers for a one-hour job, on the days after the clock's. */
async function offeredStart(t: TestApp): Promise<{ date: string; time: string }> {
  for (; nextDay < 60; nextDay++) {
    const date = new Date(Date.UTC(2026, 11, nextDay)).toISOString().slice(0, 10);
    const res = await call(t.app, 'GET', `/api/time-slots?date=${date}&serviceType=shelf-mounting`);
    expect(res.status).toBe(200);
    const [first] = res.body as { slotTime: string }[];
    if (first) return { date, time: first.slotTime };
  }
  throw new Error('no start offered in December');
}

/** Books the next offered start from the socket address `ip`, with X-Forwarded-For when given. */
async function book(t: TestApp, ip: string, forwardedFor?: string) {
  const { date, time } = await offeredStart(t);
  return call(t.app, 'POST', '/api/bookings', {
    ip,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    body: {
      serviceType: 'shelf-mounting',
      bookingDate: date,
      bookingTime: time,
      fullName: 'Maria Lopez',
      phone: '(310) 555-0199',
      email: uniqueEmail('proxy'),
      address: '1234 Ocean Ave, Santa Monica, CA 90401',
      depositAmount: 50,
      totalAmount: 50,
    },
  });
}

async function clientIpOf(t: TestApp, id: number) {
  const [row] = await t.db.select({ clientIp: bookings.clientIp }).from(bookings).where(eq(bookings.id, id));
  return row?.clientIp;
}

let rotation = 0;
/** A new made-up address each call, as a client rotating its X-Forwarded-For sends. */
const spoofed = () => `203.0.113.${++rotation % 250}`;

describe('production with TRUST_PROXY unset', () => {
  it('keeps the unpaid-hold cap of 5 per address whatever X-Forwarded-For says, and stores the socket address', async () => {
    const ip = '198.51.100.21';
    for (let i = 0; i < 5; i++) {
      const res = await book(untrusted, ip, spoofed());
      expect(res.status).toBe(201);
      expect(await clientIpOf(untrusted, res.body.id)).toBe(ip);
    }
    const sixth = await book(untrusted, ip, spoofed());
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY_HOLDS);
  });

  it('keeps the limit of 20 sign-ins per address whatever X-Forwarded-For says', async () => {
    const ip = '198.51.100.22';
    const login = () => call(untrusted.app, 'POST', '/api/auth/login', { ip, headers: { 'x-forwarded-for': spoofed() }, body: { email: uniqueEmail('nobody'), password: 'wrong-password' } });
    for (let i = 0; i < 20; i++) expect((await login()).status).toBe(401);
    const blocked = await login();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' });
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  it('takes the right-most X-Forwarded-For entry, the one the proxy wrote, and caps holds on it', async () => {
    const proxy = '10.0.0.1';
    const visitor = '198.51.100.31';
    // Whatever the visitor put in front, the proxy appends the address it saw.
    for (let i = 0; i < 5; i++) {
      const res = await book(oneHop, proxy, `${spoofed()}, ${visitor}`);
      expect(res.status).toBe(201);
      expect(await clientIpOf(oneHop, res.body.id)).toBe(visitor);
    }
    const sixth = await book(oneHop, proxy, `${spoofed()}, ${visitor}`);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY_HOLDS);
    // Another visitor behind the same proxy is not capped.
    const other = await book(oneHop, proxy, '198.51.100.32');
    expect(other.status).toBe(201);
    expect(await clientIpOf(oneHop, other.body.id)).toBe('198.51.100.32');
  });
});

describe("TRUST_PROXY with the proxies' addresses", () => {
  it('believes X-Forwarded-For only from those proxies, through a chain of them', async () => {
    const fromProxy = await book(addresses, '10.9.0.5', `${spoofed()}, 198.51.100.41`);
    expect(fromProxy.status).toBe(201);
    expect(await clientIpOf(addresses, fromProxy.body.id)).toBe('198.51.100.41');

    const chain = await book(addresses, '192.0.2.10', `${spoofed()}, 198.51.100.42, 10.9.3.3`);
    expect(chain.status).toBe(201);
    expect(await clientIpOf(addresses, chain.body.id)).toBe('198.51.100.42');

    const direct = await book(addresses, '198.51.100.43', spoofed());
    expect(direct.status).toBe(201);
    expect(await clientIpOf(addresses, direct.body.id)).toBe('198.51.100.43');
  });

  it('caps a client that reaches the app directly on its socket address, however it rotates the header', async () => {
    const ip = '198.51.100.44';
    for (let i = 0; i < 5; i++) expect((await book(addresses, ip, spoofed())).status).toBe(201);
    expect((await book(addresses, ip, spoofed())).status).toBe(429);
  });
});
