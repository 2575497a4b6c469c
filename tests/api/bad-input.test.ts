import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../helpers/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, freshIp, signUp, signUpOwner } from '../helpers/accounts';
import { apiRoutes as routesOf } from '../helpers/routes';

/**
 * DEVELOPERS.md: bad input gets a clear message and a 4xx, never a 500. This sweeps every API
 * route the app registers (read from Fastify's own route table, so new routes are covered without
 * editing this file) with malformed bodies, ids and query strings, signed out, as a customer and
 * as the business.
 */
let t: TestApp;
let customer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), env: { ADMIN_EMAILS: 'boss@sweep.test', RATE_LIMIT_SCALE: '1000' } });
  customer = (await signUp(t.app)).sid;
  admin = (await signUpOwner(t, 'boss@sweep.test')).sid;
});
afterAll(async () => t?.close());

const apiRoutes = () => routesOf(t.app);

const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', "1'%20or%20'1'='1"];
const BAD_BODIES: (string | undefined)[] = [
  undefined,
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  '{"__proto__":{"polluted":true}}',
  JSON.stringify({ email: 12, password: [], fullName: { a: 1 }, date: 'tomorrow', time: 99, bookingId: 'x', status: 'teleported' }),
  JSON.stringify({ bookingDate: '2026-02-30', bookingTime: '25:00 PM', serviceType: 'x'.repeat(5000), phone: '\u0000', email: 'a@b' }),
  JSON.stringify({ clientSecret: 'nope', cardNumber: '4242', expiry: '13 / 99', cvc: 'abcd' }),
  JSON.stringify({ startDate: '2026-13-01', endDate: '1999-01-01', dataUrl: 'data:image/png;base64,@@@' }),
];
const BAD_QUERIES = ['', '?date=', '?date=2026-02-30', '?date[]=1', '?startDate=x&endDate=y', '?category=boats', '?status=zzz&from=x&to=y&q=%FF'];

describe('no 500 for bad input on any API route', () => {
  it('finds the API routes to sweep', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/bookings', 'POST /api/contact', 'POST /api/auth/login', 'POST /api/dashboard/bookings/:id/cancel']));
    expect(urls.length).toBeGreaterThan(25);
  });

  for (const who of ['signed out', 'customer', 'admin'] as const) {
    it(`answers 4xx (or 2xx), never 5xx, ${who}`, async () => {
      const sid = who === 'customer' ? customer : who === 'admin' ? admin : null;
      const failures: string[] = [];
      for (const route of apiRoutes()) {
        const urls = route.url.includes(':') ? BAD_IDS.map((id) => route.url.replace(/:[a-zA-Z]+/g, id)) : [route.url];
        for (const url of urls) {
          const variants = route.method === 'GET' || route.method === 'DELETE' ? BAD_QUERIES.map((q) => ({ url: url + q, body: undefined })) : BAD_BODIES.map((body) => ({ url, body }));
          for (const v of variants) {
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: v.url,
              headers: { ...(v.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(sid ? { cookie: `sid=${sid}` } : {}) },
              payload: v.body,
              remoteAddress: freshIp(),
            });
            if (res.statusCode >= 500) failures.push(`${route.method} ${v.url} ${String(v.body).slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
            else if (res.statusCode >= 400) {
              const body = JSON.parse(res.body) as { message?: unknown; code?: unknown };
              if (typeof body.message !== 'string' || typeof body.code !== 'string') failures.push(`${route.method} ${v.url}: error body without message/code: ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      // Some thousand requests in a row, each a few round trips to the database server: seconds
      // on a busy 2-core machine, past the default timeout.
    }, 60_000);
  }

  it('an oversize body is a 413 with a message, also on the login route', async () => {
    const res = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x'.repeat(200_000) }, ip: freshIp() });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request body is too large.');
  });
});
