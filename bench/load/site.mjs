// What the load needs to know and own before it starts, read and made through the site's own
// routes: the business's services, clock and booking window, the starts the server offers,
// signed-in customers (registered, signed in, one booking each) and the owner's session.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { root } from '../../scripts/ensure-build.mjs';

const CUSTOMERS = 20;
export const PASSWORD = 'load-bench-password';
/** How a browser asks; pages and API replies above 1 KB come back brotli-compressed. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

let bookingNumber = 0;

async function call(base, path, init = {}) {
  const res = await fetch(base + path, { ...init, headers: { ...BROWSER_HEADERS, ...init.headers } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { res, body: text ? JSON.parse(text) : null };
}

/** The `sid` cookie a response set, as a Cookie header. */
function sessionCookie(res) {
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie in the answer');
  return sid.split(';')[0];
}

/** yyyy-MM-dd on the business clock. */
function dateIn(timeZone, at = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(date, days) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from tomorrow to the window's last day that open at all (/api/config's hours and closed dates). */
function openDates(schedule, today) {
  const dates = [];
  for (let offset = 1; offset <= schedule.bookingWindowDays; offset++) {
    const date = addDays(today, offset);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (schedule.hours[String(weekday)] && !schedule.closedDates.includes(date)) dates.push(date);
  }
  return dates;
}

/** Every start the server offers in the window, per service, in date order. */
async function offeredStarts(base, services, dates) {
  const starts = [];
  for (const date of dates) {
    for (const serviceType of services) {
      const { body } = await call(base, `/api/time-slots?date=${date}&serviceType=${serviceType}`);
      for (const slot of body) starts.push({ serviceType, date, time: slot.slotTime });
    }
  }
  return starts;
}

/** A booking form as the browser sends it, with a name and email no other booking of the run has. */
export function bookingBody(start, zip) {
  const n = ++bookingNumber;
  return JSON.stringify({
    serviceType: start.serviceType,
    bookingDate: start.date,
    bookingTime: start.time,
    fullName: `Load Tester ${n}`,
    phone: '(310) 555-0100',
    email: `load-tester-${n}@example.com`,
    address: `${100 + (n % 900)} Ocean Ave, Santa Monica, CA ${zip}`,
  });
}

const jsonHeaders = (origin, cookie) => ({ 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) });

/**
 * Registers and signs in customers through the real routes; each books, signed in, the first start
 * of its own day (one day each, so no two of these bookings compete), for its dashboard to list.
 */
async function makeCustomers(site, starts) {
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const email = `load-customer-${i}@example.com`;
    const headers = jsonHeaders(site.origin);
    const account = { fullName: `Load Customer ${i}`, email, password: PASSWORD, confirmPassword: PASSWORD };
    await call(site.base, '/api/auth/register', { method: 'POST', headers, body: JSON.stringify(account) });
    const { res } = await call(site.base, '/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ email, password: PASSWORD }) });
    const cookie = sessionCookie(res);
    await call(site.base, '/api/bookings', { method: 'POST', headers: jsonHeaders(site.origin, cookie), body: bookingBody(starts.find((s) => s.date === site.dates[i]), site.zip) });
    customers.push({ email, cookie });
  }
  return customers;
}

/** `node scripts/cli.mjs owner add EMAIL` against the app's data (decision 0010), then its one-time link opened. */
async function ownerSession(appEnv) {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/cli.mjs', 'owner', 'add', 'owner@load-bench.example'], { cwd: root, env: appEnv, timeout: 120_000 });
  const link = /(https?:\/\/\S+\/api\/auth\/sign-in-link\?token=\S+)/.exec(stdout)?.[1];
  if (!link) throw new Error(`the owner command printed no sign-in link:\n${stdout}`);
  const res = await fetch(link, { redirect: 'manual' });
  if (res.status !== 303 || !res.headers.get('location')?.endsWith('/admin')) throw new Error(`the owner's sign-in link answered ${res.status} → ${res.headers.get('location')}`);
  return sessionCookie(res);
}

/**
 * Reads the site and makes its accounts. Bookable starts are split by date: the single-route
 * booking run takes the later half of the window and the mix the earlier half, so each begins
 * with free starts instead of the other's leftovers (one crew: a few hundred jobs fill the window).
 */
export async function prepareSite({ base, origin, appEnv }) {
  const { body: config } = await call(base, '/api/config');
  const { body: services } = await call(base, '/api/services');
  const timeZone = config.business.timeZone;
  const today = dateIn(timeZone);
  const dates = openDates(config.schedule, today);
  const slugs = services.map((s) => s.slug);
  const starts = await offeredStarts(base, slugs, dates);
  const middle = dates[Math.floor(dates.length / 2)];
  const site = { base, origin, today, services: slugs, dates, zip: config.schedule.serviceZips[0] };
  const early = starts.filter((s) => s.date < middle);
  site.customers = await makeCustomers(site, early);
  site.ownerCookie = await ownerSession(appEnv);
  site.starts = { mix: shuffle(early), route: shuffle(starts.filter((s) => s.date >= middle)) };
  site.offered = starts.length;
  return site;
}

/** Visitors pick different starts; in date order every request would fight for the same few. */
function shuffle(list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
