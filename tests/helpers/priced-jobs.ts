import { expect } from 'vitest';
import type { TestApp } from './app';
import { call, freshIp, payCookieOf } from './accounts';

/**
 * Jobs picked from the price list (issue 22), through the API as /book sends them: the items by
 * name from GET /api/price-list, the starts GET /api/time-slots offers for the job's length and
 * crew need, a booking at one of them, the deposit paid with the demo card.
 */

type ListItem = { id: number; name: string; minutes: number; twoPeople: boolean; addOns: { id: number; name: string }[] };

/** A choice of the service's item `name` with `quantity` and add-ons by name, as POST /api/quote and POST /api/bookings take it. */
export async function pick(t: TestApp, serviceType: string, name: string, quantity = 1, addOns: string[] = []) {
  const list = (await call(t.app, 'GET', '/api/price-list', { ip: freshIp() })).body as { serviceType: string; items: ListItem[] }[];
  const item = list.find((s) => s.serviceType === serviceType)?.items.find((i) => i.name === name);
  if (!item) throw new Error(`no item “${name}” for ${serviceType}`);
  return { id: item.id, quantity, addOns: addOns.map((a) => item.addOns.find((x) => x.name === a)!.id) };
}

/** The starts offered on `date` for a job of `minutes` (a quarter-hour length) and crew need. */
export async function offered(t: TestApp, date: string, minutes: number, twoPeople = false): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/time-slots?date=${date}&minutes=${minutes}&twoPeople=${twoPeople}`, { ip: freshIp() });
  expect(res.status, res.raw).toBe(200);
  return (res.body as { slotTime: string }[]).map((s) => s.slotTime);
}

let seq = 0;
export function bookingBody(date: string, time: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    serviceType: 'furniture-assembly',
    bookingDate: date,
    bookingTime: time,
    fullName: 'Priya Patel',
    phone: '(310) 555-0177',
    email: `priced-${seq}@example.com`,
    address: '1234 Ocean Ave, Santa Monica, CA 90401',
    ...extra,
  };
}

export function book(t: TestApp, date: string, time: string, extra: Record<string, unknown> = {}, sid?: string) {
  return call(t.app, 'POST', '/api/bookings', { body: bookingBody(date, time, extra), ip: freshIp(), sid });
}

/** Pays a booking's deposit with the demo card, as the browser that booked it (its pay cookie). */
export async function payDeposit(t: TestApp, created: Awaited<ReturnType<typeof book>>) {
  const intent = await call(t.app, 'POST', '/api/create-payment-intent', { ip: freshIp(), body: { bookingId: created.body.id }, headers: { cookie: payCookieOf(created)! } });
  expect(intent.status, intent.raw).toBe(200);
  const paid = await call(t.app, 'POST', '/api/payments/demo/confirm', {
    ip: freshIp(),
    body: { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postalCode: '90401' },
  });
  expect(paid.status, paid.raw).toBe(200);
}
