import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, paymentEvents } from '../../src/server/db/schema';
import { reconcilePayments } from '../../src/server/bookings/services/bookings-jobs';
import { paymentDeps } from '../../src/server/bookings/services/bookings-payments';
import { call, freshIp, payCookieOf } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { startFakeStripe, type FakeStripe, type FakeIntent } from '../helpers/fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';
const START = '2026-12-01T17:00:00Z';
const clock = createClock(START);
const stripe = new Stripe('sk_test_unused');
let fake: FakeStripe;
let t: TestApp;

function stripeApp() {
  return createTestApp({
    clock,
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      BUSINESS_EMAIL: 'owner@westside.example',
    },
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await stripeApp();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/**
 * Books a two-hour furniture assembly; with the 30-minute travel buffer, jobs of a day start three
 * hours apart. A distinct email each time (at most 2 unpaid holds per email).
 */
let emailSeq = 0;
async function book(date: string, time: string) {
  emailSeq += 1;
  const res = await call(t.app, 'POST', '/api/bookings', {
    ip: freshIp(),
    body: { serviceType: 'furniture-assembly', bookingDate: date, bookingTime: time, fullName: 'Sam Chen', phone: '310-555-0123', email: `sam${emailSeq}@example.com`, address: '55 Rose Ave, Venice, CA', depositAmount: 50, totalAmount: 50 },
  });
  expect(res.status).toBe(201);
  payCookies.set(res.body.id, payCookieOf(res)!);
  return res.body.id as number;
}

/** Each booking's pay cookie, as the browser that made it holds it. */
const payCookies = new Map<number, string>();

async function intentFor(bookingId: number): Promise<string> {
  const res = await call(t.app, 'POST', '/api/create-payment-intent', { ip: freshIp(), body: { bookingId }, headers: { cookie: payCookies.get(bookingId)! } });
  expect(res.status).toBe(200);
  return res.body.clientSecret as string;
}

function event(type: string, intent: FakeIntent, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: intent } });
}

function deliver(payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const confirmations = (id: number) => t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-confirmed-${id}`));

describe('Stripe provider (real SDK against a local fake API)', () => {
  it('creates one 5000-cent USD intent per booking with its metadata and idempotency key', async () => {
    const id = await book('2026-12-14', '9:00 AM');
    const secret = await intentFor(id);
    const intentId = (await row(id)).stripePaymentIntentId!;
    expect(secret).toBe(fake.intents.get(intentId)!.client_secret);
    const creates = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents');
    expect(creates).toHaveLength(1);
    expect(creates[0].idempotencyKey).toBe(`booking-${id}-intent`);
    expect(creates[0].body).toMatchObject({ amount: '5000', currency: 'usd', metadata: { bookingId: String(id) }, automatic_payment_methods: { enabled: 'true' } });

    expect(await intentFor(id)).toBe(secret);
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents')).toHaveLength(1);
  });

  it('has no demo confirm in Stripe mode', async () => {
    const res = await call(t.app, 'POST', '/api/payments/demo/confirm', { ip: freshIp(), body: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12 / 30', cvc: '123' } });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a missing or wrong signature', async () => {
    const id = await book('2026-12-14', '12:00 PM');
    await intentFor(id);
    const intent = fake.succeed((await row(id)).stripePaymentIntentId!);
    const payload = event('payment_intent.succeeded', intent);
    const wrong = await deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid Stripe signature.' });
    const tampered = await deliver(payload.replace('"livemode":false', '"livemode":true'), stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(tampered.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(missing.statusCode).toBe(400);
    expect(await row(id)).toMatchObject({ status: 'pending', depositPaid: false });
  });

  it('confirms the booking on payment_intent.succeeded, once, whatever the repeats', async () => {
    const id = await book('2026-12-14', '3:00 PM');
    await intentFor(id);
    const intent = fake.succeed((await row(id)).stripePaymentIntentId!);
    const payload = event('payment_intent.succeeded', intent, 'evt_success_1');
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'handled' });
    expect(await row(id)).toMatchObject({ status: 'confirmed', depositPaid: true });
    expect(await confirmations(id)).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_success_1'))).toHaveLength(1);

    const repeat = await deliver(payload);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().result).toBe('duplicate');
    // Another event about the same payment (Stripe may send several) changes nothing either.
    expect((await deliver(event('payment_intent.succeeded', intent, 'evt_success_2'))).statusCode).toBe(200);
    expect(await confirmations(id)).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-new-${id}`))).toHaveLength(1);
  });

  it('only logs payment_intent.payment_failed', async () => {
    const id = await book('2026-12-21', '9:00 AM');
    await intentFor(id);
    const intent = fake.intents.get((await row(id)).stripePaymentIntentId!)!;
    const res = await deliver(event('payment_intent.payment_failed', intent));
    expect(res.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'pending', depositPaid: false });
  });

  it('refunds a payment that succeeds after the hold expired and the slot was taken', async () => {
    const late = await book('2026-12-15', '9:00 AM');
    await intentFor(late);
    clock.advance(31 * 60_000);
    const taker = await book('2026-12-15', '9:00 AM');
    const intent = fake.succeed((await row(late)).stripePaymentIntentId!);
    const res = await deliver(event('payment_intent.succeeded', intent));
    expect(res.statusCode).toBe(200);

    expect(fake.refunds).toHaveLength(1);
    expect(fake.refunds[0]).toMatchObject({ payment_intent: intent.id, amount: 5000, status: 'succeeded' });
    const refundCall = fake.calls.find((c) => c.path === '/v1/refunds');
    expect(refundCall?.idempotencyKey).toBe(`refund-booking-${late}`);
    const refunded = await row(late);
    expect(refunded).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired', depositPaid: true, refundStatus: 'refunded', refundId: fake.refunds[0].id });
    expect(await confirmations(late)).toHaveLength(0);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `booking-late-refund-${late}`))).toHaveLength(1);
    expect((await row(taker)).status).toBe('pending');

    // A repeat neither refunds twice nor emails again.
    await deliver(event('payment_intent.succeeded', intent));
    expect(fake.refunds).toHaveLength(1);
  });

  it('takes the slot back when a late payment finds it still free', async () => {
    const id = await book('2026-12-15', '12:00 PM');
    await intentFor(id);
    clock.advance(31 * 60_000);
    await call(t.app, 'GET', '/api/time-slots?date=2026-12-15');
    const intent = fake.succeed((await row(id)).stripePaymentIntentId!);
    expect((await deliver(event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'confirmed', depositPaid: true, refundStatus: 'none' });
    expect(await confirmations(id)).toHaveLength(1);
  });
});

describe('reconciliation (Stripe without webhooks)', () => {
  // A database and a Stripe account of their own: reconciliation sweeps every booking, so rows
  // the tests above left would change its counts (and the new database's booking ids would
  // meet the old intents under the same idempotency keys).
  let above: { t: TestApp; fake: FakeStripe };
  beforeAll(async () => {
    above = { t, fake };
    fake = await startFakeStripe();
    t = await stripeApp();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    ({ t, fake } = above);
  });
  beforeEach(() => clock.set(START));

  it('records a succeeded intent it finds by asking Stripe, and skips unpaid ones', async () => {
    const paid = await book('2026-12-16', '9:00 AM');
    const refusedHook = await book('2026-12-16', '12:00 PM');
    const unpaid = await book('2026-12-16', '3:00 PM');
    for (const id of [paid, refusedHook, unpaid]) await intentFor(id);
    fake.succeed((await row(paid)).stripePaymentIntentId!);
    // Paid, but its webhook never got through (a wrong signature is refused).
    const payload = event('payment_intent.succeeded', fake.succeed((await row(refusedHook)).stripePaymentIntentId!));
    expect((await deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }))).statusCode).toBe(400);
    expect(await row(refusedHook)).toMatchObject({ status: 'pending', depositPaid: false });

    const result = await reconcilePayments(t.db, clock.now(), paymentDeps(t.app));
    expect(result).toEqual({ checked: 3, recorded: 2 });
    expect(await row(paid)).toMatchObject({ status: 'confirmed', depositPaid: true });
    expect(await row(refusedHook)).toMatchObject({ status: 'confirmed', depositPaid: true });
    expect(await row(unpaid)).toMatchObject({ status: 'pending', depositPaid: false });
    expect(await confirmations(paid)).toHaveLength(1);
    expect((await reconcilePayments(t.db, clock.now(), paymentDeps(t.app))).recorded).toBe(0);
  });

  it('refunds through the provider interface with an idempotency key', async () => {
    const id = await book('2026-12-17', '9:00 AM');
    await intentFor(id);
    const intentId = (await row(id)).stripePaymentIntentId!;
    fake.succeed(intentId);
    const first = await t.app.payments.refund(intentId, { idempotencyKey: `booking-${id}-refund` });
    const again = await t.app.payments.refund(intentId, { idempotencyKey: `booking-${id}-refund` });
    expect(first).toEqual({ id: expect.stringMatching(/^re_fake_/), status: 'succeeded' });
    expect(again.id).toBe(first.id);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });
});
