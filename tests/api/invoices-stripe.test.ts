import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, invoicePayments, invoiceRefunds, invoices } from '../../src/server/db/schema';
import { call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { asOwner, completedJob, sendInvoiceAndOpen } from '../helpers/invoices';

// Invoices paid and refunded through Stripe (the real SDK against a fake Stripe API): the intent
// the server makes, the payment recorded exactly once whatever arrives how often (signed webhooks
// and the customer's return at once), and refunds in part that Stripe settles later.

const WEBHOOK_SECRET = 'whsec_invoices_test_secret';
const NOW = '2026-06-10T17:00:00Z';
const clock = createClock(NOW);
let fake: FakeStripe;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    clock,
    env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
  });
  owner = (await sessionAs(t.db, 'admin')).cookie;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  clock.set(NOW);
  fake.answerRefunds('succeeded');
});

function deliver(event: { payload: string; signature: string }) {
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.payload });
}

/** A sent $238 invoice ($50 deposit credited, $188 due) paid by card with `tipCents` in Stripe: the intent, succeeded there, not yet recorded here. */
async function paidInStripe(tipCents: number) {
  const job = await completedJob(t, owner);
  const { token } = await sendInvoiceAndOpen(t, owner, job);
  const id = (await asOwner(t, owner, 'GET', `/api/admin/bookings/${job.id}/invoice`)).body.id as number;
  const res = await call(t.app, 'POST', `/api/invoices/${token}/payment-intent`, { body: { tipCents }, ip: freshIp() });
  expect(res.status, res.raw).toBe(200);
  const intent = [...fake.intents.values()].find((i) => i.client_secret === res.body.clientSecret)!;
  return { job, token, id, intent: fake.succeed(intent.id), amountCents: res.body.amountCents as number };
}

const paymentsOf = (id: number) => t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id));
const invoiceRow = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe('an invoice paid through Stripe', () => {
  it('is an intent for the balance and the tip, with the invoice and the tip in its metadata, one per balance and tip', async () => {
    const { id, intent, amountCents } = await paidInStripe(3_570);
    expect(amountCents).toBe(22_370);
    expect(intent).toMatchObject({ amount: 22_370, currency: 'usd', metadata: { invoiceId: String(id), tipCents: '3570' }, automatic_payment_methods: { enabled: true } });
    const created = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents' && (c.body.metadata as { invoiceId?: string })?.invoiceId === String(id));
    expect(created.map((c) => c.idempotencyKey)).toEqual([`invoice-${id}-balance-18800-tip-3570-paid-0`]);
  });

  it('is recorded once when the webhook comes twice (and a second event for it) while the customer’s return retrieves the intent twice', async () => {
    const { id, token, intent, job } = await paidInStripe(4_760);
    const event = fake.signedEvent('payment_intent.succeeded', intent);
    const another = fake.signedEvent('payment_intent.succeeded', intent);
    const confirm = () => call(t.app, 'POST', `/api/invoices/${token}/confirm`, { body: { paymentIntentId: intent.id }, ip: freshIp() });
    const answers = await Promise.all([deliver(event), confirm(), deliver(event), deliver(another), confirm()]);
    expect(answers.map((a) => ('statusCode' in a ? a.statusCode : a.status))).toEqual([200, 200, 200, 200, 200]);

    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ method: 'card', amountCents: 18_800, tipCents: 4_760, excessCents: 0, providerIntentId: intent.id })]);
    expect(await invoiceRow(id)).toMatchObject({ status: 'paid', paidCents: 18_800, tipCents: 4_760, paidAt: new Date(NOW) });
    expect((await confirm()).body).toMatchObject({ paymentStatus: 'succeeded', invoice: { status: 'paid', balanceCents: 0, tipCents: 4_760 } });
    // One receipt (the review request inside it), and no review email of its own.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email));
    expect(mails.map((m) => [m.kind, m.linkKind])).toEqual([
      ['invoice', 'invoice'],
      ['invoice_receipt', 'review'],
    ]);
    // An invoice's intent is not a deposit: the booking keeps its own payment.
    expect((await t.db.select().from(bookings).where(eq(bookings.id, job.id)))[0]).toMatchObject({ stripePaymentIntentId: null, status: 'completed' });
  });

  it('is not recorded from a return while Stripe still processes it', async () => {
    const { id, token, intent } = await paidInStripe(0);
    intent.status = 'processing';
    const res = await call(t.app, 'POST', `/api/invoices/${token}/confirm`, { body: { paymentIntentId: intent.id }, ip: freshIp() });
    expect(res.body).toMatchObject({ paymentStatus: 'processing', invoice: { status: 'sent', balanceCents: 18_800 } });
    expect(await paymentsOf(id)).toHaveLength(0);
  });
});

describe('refunds of an invoice’s card payment through Stripe', () => {
  it('asks for the amount with a key per refund; a pending refund becomes refunded by its webhook, a failed one gives its amount back to refund again', async () => {
    const { id, intent } = await paidInStripe(2_000);
    await deliver(fake.signedEvent('payment_intent.succeeded', intent));
    fake.answerRefunds('pending');
    const part = await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/refund`, { amountCents: 3_000 });
    expect(part.status, part.raw).toBe(200);
    expect(part.body.message).toBe('A refund of $30.00 has been started and is on its way to the card.');
    const [row] = await t.db.select().from(invoiceRefunds);
    const asked = fake.calls.filter((c) => c.path === '/v1/refunds' && c.method === 'POST');
    expect(asked.map((c) => ({ amount: c.body.amount, key: c.idempotencyKey }))).toEqual([{ amount: '3000', key: `refund-invoice-${row.id}` }]);
    expect(row).toMatchObject({ status: 'pending', amountCents: 3_000, providerRefundId: fake.refunds[0].id });

    const settled = fake.settleRefund(fake.refunds[0].id, 'succeeded');
    expect((await deliver(fake.signedEvent('refund.updated', settled))).statusCode).toBe(200);
    expect((await t.db.select().from(invoiceRefunds).where(eq(invoiceRefunds.id, row.id)))[0]).toMatchObject({ status: 'refunded', refundedAt: new Date(NOW) });

    fake.answerRefunds('failed');
    const failed = await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/refund`, { amountCents: 17_800 });
    expect(failed.body.message).toBe("A refund of $178.00 FAILED: refund it from the payment provider's dashboard, or try again.");
    expect(failed.body.invoice.refundedCents).toBe(3_000);
    fake.answerRefunds('succeeded');
    const over = await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/refund`, { amountCents: 17_801 });
    expect(over.body.errors).toEqual({ amountCents: 'At most $178.00 can be refunded to the card.' });
    const rest = await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/refund`, { amountCents: 17_800 });
    expect(rest.body.message).toBe('$178.00 is refunded to the card.');
    expect(rest.body.invoice).toMatchObject({ status: 'paid', refundedCents: 20_800 });
  });
});
