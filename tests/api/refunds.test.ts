import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, emailOutbox } from '../../src/server/db/schema';
import { startsAt } from '../../src/server/schedule/services/schedule';
import { reconcileRefunds } from '../../src/server/bookings/services/bookings-jobs';
import { paymentDeps } from '../../src/server/bookings/services/bookings-payments';
import { recordRefundUpdate } from '../../src/server/bookings/services/refunds';
import { call, freshIp, payCookieOf, signUp, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { fakePayments } from '../helpers/fake-payments';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';

// One refund service behind every path that owes a deposit back, against the real Stripe SDK and
// a fake Stripe API whose refunds come out succeeded, pending or failed as each test chooses.

const TZ = 'America/Los_Angeles';
const WEBHOOK_SECRET = 'whsec_refunds_test_secret';
const BUSINESS_EMAIL = 'owner-inbox@westside.example';
const OWNER_EMAIL = 'owner@refunds.example';
const START = '2026-11-02T17:00:00Z';
const clock = createClock(START);
let fake: FakeStripe;
let t: TestApp;
let customer: Awaited<ReturnType<typeof signUp>>;
let owner: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    clock,
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      BUSINESS_EMAIL,
      ADMIN_EMAILS: OWNER_EMAIL,
    },
  });
  customer = await signUp(t.app, { fullName: 'Casey Customer' });
  owner = await signUpOwner(t, OWNER_EMAIL);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  clock.set(START);
  fake.answerRefunds('succeeded');
});

let day = 0;
/** A confirmed booking of the customer whose $50 deposit Stripe holds (a succeeded intent), on its own December date. */
async function paidBooking() {
  day += 1;
  const date = `2026-12-${String(day).padStart(2, '0')}`;
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: date,
      bookingTime: '10:00 AM',
      startsAt: startsAt(date, '10:00 AM', TZ),
      fullName: 'Casey Customer',
      email: customer.email,
      phone: '3105550100',
      address: '123 Ocean Ave, Santa Monica',
      status: 'confirmed',
      userId: customer.user.id,
      depositPaid: true,
      paidAt: new Date(Date.parse(START) - 3_600_000),
    })
    .returning();
  const intent = await t.app.payments.createIntent({ bookingId: row.id, amount: 5000, email: customer.email, description: `Deposit for booking #${row.id}` });
  fake.succeed(intent.id);
  await t.db.update(bookings).set({ stripePaymentIntentId: intent.id }).where(eq(bookings.id, row.id));
  return { ...row, stripePaymentIntentId: intent.id };
}

const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const emailsByKey = (key: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));
/** "Your deposit has been refunded" emails of a booking (by kind and subject, so a missing dedupe key would show as two). */
const refundedEmails = (id: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'booking-deposit-refunded'), like(emailOutbox.subject, `%(booking #${id})`)));
const refundOf = (intentId: string) => {
  const found = fake.refunds.filter((r) => r.payment_intent === intentId);
  return found[found.length - 1];
};

function deliver(event: { payload: string; signature: string }) {
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.payload });
}

const cancelAsCustomer = (id: number) => call(t.app, 'POST', `/api/dashboard/bookings/${id}/cancel`, { sid: customer.sid });
const asOwner = (method: string, url: string, body?: unknown) => call(t.app, method, url, { sid: owner.sid, body });

async function dashboardBooking(id: number) {
  const res = await call(t.app, 'GET', '/api/dashboard/bookings', { sid: customer.sid });
  expect(res.status).toBe(200);
  return res.body.bookings.find((b: { id: number }) => b.id === id);
}

async function adminBooking(id: number) {
  const res = await asOwner('GET', `/api/admin/bookings?q=${id}`);
  expect(res.status).toBe(200);
  return res.body.bookings.find((b: { id: number }) => b.id === id);
}

describe('a refund Stripe reports pending on the customer\'s cancellation', () => {
  it('is recorded and emailed as on its way, then the webhook makes it refunded and emails once', async () => {
    fake.answerRefunds('pending');
    const b = await paidBooking();

    const res = await cancelAsCustomer(b.id);
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe('pending');
    expect(res.body.message).toBe(
      'Your booking has been cancelled. The refund of your $50 deposit has been started and is on its way; it usually takes 5 to 10 business days to reach your card.',
    );
    expect(res.body.booking).toMatchObject({ status: 'cancelled', refundStatus: 'pending' });
    const refund = refundOf(b.stripePaymentIntentId);
    expect(refund.status).toBe('pending');
    expect(await row(b.id)).toMatchObject({ status: 'cancelled', refundStatus: 'pending', refundId: refund.id, refundedAt: null });
    expect(await dashboardBooking(b.id)).toMatchObject({ status: 'cancelled', refundStatus: 'pending' });

    const [notice] = await emailsByKey(`booking-cancelled-customer-${b.id}`);
    expect(notice.subject).toBe(`Your booking #${b.id} has been cancelled`);
    expect(notice.textBody).toContain('The refund of your $50 deposit has been started and is on its way to your card. It usually takes 5 to 10 business days');
    expect(notice.textBody).not.toMatch(/deposit has been refunded|refunded to your card/);
    const [business] = await emailsByKey(`booking-cancelled-business-${b.id}`);
    expect(business.textBody).toContain('The $50 deposit refund was started and is pending');
    expect(await refundedEmails(b.id)).toHaveLength(0);

    // A stale report of the same refund changes nothing.
    expect((await deliver(fake.signedEvent('refund.updated', { ...refund }))).statusCode).toBe(200);
    expect((await row(b.id)).refundStatus).toBe('pending');

    clock.advance(3 * 86_400_000);
    const settled = fake.settleRefund(refund.id, 'succeeded');
    const res2 = await deliver(fake.signedEvent('refund.updated', settled));
    expect(res2.statusCode).toBe(200);
    expect(res2.json()).toEqual({ received: true, result: 'handled' });
    const after = await row(b.id);
    expect(after).toMatchObject({ refundStatus: 'refunded', refundId: refund.id });
    expect(after.refundedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await dashboardBooking(b.id)).toMatchObject({ refundStatus: 'refunded' });

    const [done] = await refundedEmails(b.id);
    expect(done.toAddress).toBe(customer.email);
    expect(done.subject).toBe(`Your $50 deposit has been refunded (booking #${b.id})`);
    expect(done.textBody).toContain(`your $50 deposit for booking #${b.id} has been refunded to the card you paid with`);

    // Stripe sends several events about one refund, and the job may look too: still one email,
    // and a late "pending" does not undo it.
    await deliver(fake.signedEvent('charge.refund.updated', settled));
    await deliver(fake.signedEvent('charge.refunded', { id: 'ch_fake', object: 'charge', payment_intent: b.stripePaymentIntentId, refunded: true, amount_refunded: 5000 }));
    await deliver(fake.signedEvent('refund.updated', { ...settled, status: 'pending' }));
    await reconcileRefunds(t.db, clock.now(), paymentDeps(t.app));
    expect(await refundedEmails(b.id)).toHaveLength(1);
    expect((await row(b.id)).refundStatus).toBe('refunded');
  });

  it('is settled by the reconciliation job when the webhook is missed, with one email', async () => {
    fake.answerRefunds('pending');
    const b = await paidBooking();
    expect((await cancelAsCustomer(b.id)).body.refund).toBe('pending');
    const refund = refundOf(b.stripePaymentIntentId);

    // Still pending at Stripe: the job asks and leaves it so.
    expect(await reconcileRefunds(t.db, clock.now(), paymentDeps(t.app))).toMatchObject({ settled: 0 });
    expect(await row(b.id)).toMatchObject({ refundStatus: 'pending', refundedAt: null });
    expect(fake.calls.some((c) => c.method === 'GET' && c.path === `/v1/refunds/${refund.id}`)).toBe(true);

    clock.advance(86_400_000);
    fake.settleRefund(refund.id, 'succeeded');
    const result = await reconcileRefunds(t.db, clock.now(), paymentDeps(t.app));
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const after = await row(b.id);
    expect(after.refundStatus).toBe('refunded');
    expect(after.refundedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await refundedEmails(b.id)).toHaveLength(1);

    // The webhook arriving late changes nothing and sends nothing.
    await deliver(fake.signedEvent('refund.updated', refund));
    await reconcileRefunds(t.db, clock.now(), paymentDeps(t.app));
    expect(await refundedEmails(b.id)).toHaveLength(1);
  });

  it('charge.refunded (what Stripe sends for the charge) has the refund checked with Stripe', async () => {
    fake.answerRefunds('pending');
    const b = await paidBooking();
    await cancelAsCustomer(b.id);
    const refund = refundOf(b.stripePaymentIntentId);
    const charge = { id: 'ch_fake_2', object: 'charge', payment_intent: b.stripePaymentIntentId, refunded: true, amount_refunded: 5000 };

    // Sent at once, while the refund is still pending: the booking stays pending.
    await deliver(fake.signedEvent('charge.refunded', charge));
    expect((await row(b.id)).refundStatus).toBe('pending');

    fake.settleRefund(refund.id, 'succeeded');
    await deliver(fake.signedEvent('charge.refunded', charge));
    expect((await row(b.id)).refundStatus).toBe('refunded');
    expect(await refundedEmails(b.id)).toHaveLength(1);
  });
});

describe('a failed refund', () => {
  it('is shown to the owner as failed, and the owner\'s retry refunds it', async () => {
    fake.answerRefunds('error');
    const b = await paidBooking();

    const res = await cancelAsCustomer(b.id);
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe('failed');
    expect(await row(b.id)).toMatchObject({ status: 'cancelled', refundStatus: 'failed', refundedAt: null });
    expect(await dashboardBooking(b.id)).toMatchObject({ refundStatus: 'failed' });
    const [business] = await emailsByKey(`booking-cancelled-business-${b.id}`);
    expect(business.subject.startsWith('Refund needed: ')).toBe(true);
    expect(await adminBooking(b.id)).toMatchObject({ status: 'cancelled', depositPaid: true, refundStatus: 'failed' });

    // Stripe keeps the first answer of an idempotency key: the retry must not reuse it.
    fake.answerRefunds('succeeded');
    clock.advance(3_600_000);
    const retry = await asOwner('POST', `/api/admin/bookings/${b.id}/refund`);
    expect(retry.status).toBe(200);
    expect(retry.body.refundStatus).toBe('refunded');
    expect(retry.body.message).toBe(`Booking #${b.id}: The $50 deposit was refunded in full.`);
    const after = await row(b.id);
    expect(after).toMatchObject({ refundStatus: 'refunded', refundId: refundOf(b.stripePaymentIntentId).id });
    expect(after.refundedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await adminBooking(b.id)).toMatchObject({ refundStatus: 'refunded' });
    const keys = fake.calls.filter((c) => c.path === '/v1/refunds' && c.body.payment_intent === b.stripePaymentIntentId).map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);

    // The customer, told the team would refund it, hears that it has been.
    expect(await refundedEmails(b.id)).toHaveLength(1);
    const again = await asOwner('POST', `/api/admin/bookings/${b.id}/refund`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_STATUS');
  });

  it('that fails after it was pending is failed for the owner (emailed), who retries it', async () => {
    fake.answerRefunds('pending');
    const b = await paidBooking();
    await cancelAsCustomer(b.id);
    const refund = refundOf(b.stripePaymentIntentId);

    const failed = fake.settleRefund(refund.id, 'failed');
    expect((await deliver(fake.signedEvent('refund.failed', failed))).statusCode).toBe(200);
    expect(await row(b.id)).toMatchObject({ refundStatus: 'failed', refundedAt: null });
    expect(await adminBooking(b.id)).toMatchObject({ refundStatus: 'failed' });
    const [alert] = await emailsByKey(`booking-refund-failed-${b.id}-${refund.id}`);
    expect(alert.toAddress).toBe(BUSINESS_EMAIL);
    expect(alert.subject).toBe(`Refund needed: booking #${b.id} refund failed`);
    expect(await refundedEmails(b.id)).toHaveLength(0);
    // The same event again (another delivery) neither revives nor re-alerts.
    await deliver(fake.signedEvent('refund.updated', failed));
    expect(await t.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `booking-refund-failed-${b.id}-%`))).toHaveLength(1);

    fake.answerRefunds('succeeded');
    const retry = await asOwner('POST', `/api/admin/bookings/${b.id}/refund`);
    expect(retry.status).toBe(200);
    expect(retry.body.refundStatus).toBe('refunded');
    expect((await row(b.id)).refundStatus).toBe('refunded');
    expect(await refundedEmails(b.id)).toHaveLength(1);
  });
});

describe('the same service on the other paths', () => {
  it("the owner's cancellation: a pending refund stays pending until Stripe says so", async () => {
    fake.answerRefunds('pending');
    const b = await paidBooking();
    const res = await asOwner('POST', `/api/admin/bookings/${b.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.refundStatus).toBe('pending');
    expect(res.body.message).toBe(
      `Booking #${b.id} is cancelled and the customer has been emailed. The $50 deposit refund has been started and is on its way to the customer's card.`,
    );
    const refund = refundOf(b.stripePaymentIntentId);
    expect(await row(b.id)).toMatchObject({ status: 'cancelled', refundStatus: 'pending', refundId: refund.id, refundedAt: null });
    expect(await adminBooking(b.id)).toMatchObject({ refundStatus: 'pending' });
    const [cancelled] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'booking-cancelled-by-business'), eq(emailOutbox.toAddress, customer.email), like(emailOutbox.textBody, `%#${b.id}%`)));
    expect(cancelled.textBody).toContain('is being refunded in full');
    expect(await refundedEmails(b.id)).toHaveLength(0);

    await deliver(fake.signedEvent('refund.updated', fake.settleRefund(refund.id, 'succeeded')));
    expect((await row(b.id)).refundStatus).toBe('refunded');
    expect(await refundedEmails(b.id)).toHaveLength(1);
  });

  it('a payment after its hold expired and its slot was taken: a pending refund stays pending', async () => {
    fake.answerRefunds('pending');
    const booking = {
      serviceType: 'furniture-assembly',
      bookingDate: '2026-11-20',
      bookingTime: '9:00 AM',
      fullName: 'Lee Late',
      phone: '310-555-0123',
      email: 'lee-late@example.com',
      address: '55 Rose Ave, Venice, CA',
      depositAmount: 50,
      totalAmount: 50,
    };
    const late = await call(t.app, 'POST', '/api/bookings', { ip: freshIp(), body: booking });
    expect(late.status).toBe(201);
    const pay = await call(t.app, 'POST', '/api/create-payment-intent', { ip: freshIp(), body: { bookingId: late.body.id }, headers: { cookie: payCookieOf(late)! } });
    expect(pay.status).toBe(200);
    clock.advance(31 * 60_000);
    const taker = await call(t.app, 'POST', '/api/bookings', { ip: freshIp(), body: { ...booking, email: 'taker@example.com' } });
    expect(taker.status).toBe(201);

    const intent = fake.succeed((await row(late.body.id)).stripePaymentIntentId!);
    expect((await deliver(fake.signedEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
    const refund = refundOf(intent.id);
    expect(refund.status).toBe('pending');
    expect(await row(late.body.id)).toMatchObject({ status: 'cancelled', depositPaid: true, refundStatus: 'pending', refundId: refund.id, refundedAt: null });
    const [notice] = await emailsByKey(`booking-late-refund-${late.body.id}`);
    expect(notice.subject).toBe('Your Westside Assembly Pros deposit is being refunded');
    expect(notice.textBody).toContain('it is on its way to your card');
    expect(notice.textBody).not.toContain('We have refunded');

    clock.advance(86_400_000);
    fake.settleRefund(refund.id, 'succeeded');
    await reconcileRefunds(t.db, clock.now(), paymentDeps(t.app));
    expect((await row(late.body.id)).refundStatus).toBe('refunded');
    expect(await refundedEmails(late.body.id)).toHaveLength(1);
  });
});

describe('a refund webhook that overtakes our own request', () => {
  const double = fakePayments();
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ clock, payments: double.provider, env: { BUSINESS_EMAIL } });
  });
  afterAll(async () => t2?.close());

  it('is kept, and the cancellation email reports it refunded, once', async () => {
    const person = await signUp(t2.app, { fullName: 'Robin Race' });
    const [b] = await t2.db
      .insert(bookings)
      .values({
        serviceType: 'tv-mounting',
        bookingDate: '2026-12-20',
        bookingTime: '10:00 AM',
        startsAt: startsAt('2026-12-20', '10:00 AM', TZ),
        fullName: 'Robin Race',
        email: person.email,
        phone: '3105550100',
        address: '1 Main St, Santa Monica',
        status: 'confirmed',
        userId: person.user.id,
        depositPaid: true,
        paidAt: new Date(Date.parse(START) - 3_600_000),
        stripePaymentIntentId: 'pi_race',
      })
      .returning();
    // Stripe answers "pending", but its webhook saying "succeeded" is handled first.
    double.answerRefunds('pending');
    double.beforeAnswer(async (refund) => {
      const outcome = await recordRefundUpdate({ db: t2.db, now: clock.now(), businessEmail: BUSINESS_EMAIL }, { refundId: refund.id, status: 'succeeded', intentId: refund.intentId });
      expect(outcome).toBe('updated');
    });

    const res = await call(t2.app, 'POST', `/api/dashboard/bookings/${b.id}/cancel`, { sid: person.sid });
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe('refunded');
    const after = (await t2.db.select().from(bookings).where(eq(bookings.id, b.id)))[0];
    expect(after).toMatchObject({ refundStatus: 'refunded', refundId: 're_double_1' });
    expect(double.requests).toEqual([{ intentId: 'pi_race', idempotencyKey: `refund-booking-${b.id}`, reason: 'requested_by_customer' }]);

    const notices = await t2.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    expect(notices.map((e) => e.kind)).toEqual(['booking-cancelled']);
    expect(notices[0].textBody).toContain('Your $50 deposit has been refunded to your card.');
  });
});
