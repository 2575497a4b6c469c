import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPayments, invoicePayments, invoiceRefunds } from '../../src/server/db/schema';
import { TIP_MESSAGE } from '../../src/shared/schemas/invoices';
import { call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { asOwner, completedJob, JOB_SUMS, payWithDemoCard, sendInvoiceAndOpen } from '../helpers/invoices';

// The customer's side of an invoice (issue 23) with the demo provider: the invoice through its
// link, the balance and a tip paid with the deposit's test cards, recorded once from the
// provider's side, an excess over the balance refunded, the owner's card refunds; and no token
// in the log, whatever was asked.

const NOW = '2026-06-10T17:00:00Z';
const clock = createClock(NOW);
const log: string[] = [];
const tokens: string[] = [];
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => log.push(line) } });
  owner = (await sessionAs(t.db, 'admin')).cookie;
});
afterAll(async () => t?.close());
beforeEach(() => clock.set(NOW));

/** A completed $238 job ($50 deposit paid) whose invoice was sent: its link's token. */
async function sentInvoice() {
  const job = await completedJob(t, owner);
  const opened = await sendInvoiceAndOpen(t, owner, job);
  tokens.push(opened.token);
  const id = (await asOwner(t, owner, 'GET', `/api/admin/bookings/${job.id}/invoice`)).body.id as number;
  return { ...opened, job, id };
}

const open = (token: string) => call(t.app, 'GET', `/api/invoices/${token}`, { ip: freshIp() });
const intentFor = (token: string, body: unknown) => call(t.app, 'POST', `/api/invoices/${token}/payment-intent`, { body, ip: freshIp() });
const paymentsOf = (invoiceId: number) => t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));

describe('the invoice through its link', () => {
  it('shows the business, the lines, the sums, the balance and the job’s price for the tips', async () => {
    const { token, number, job } = await sentInvoice();
    const res = await open(token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toEqual({
      number,
      status: 'sent',
      business: { name: 'Westside Assembly Pros', phone: '(310) 555-0142', email: 'hello@westsideassembly.example', address: 'Santa Monica, CA 90401' },
      customerName: 'Casey Morgan',
      serviceName: 'Furniture Assembly',
      jobDate: job.bookingDate,
      // Sent at 10:00 AM on the business's clock.
      invoiceDate: '2026-06-10',
      paidDate: null,
      ...JOB_SUMS,
      jobPriceCents: 23_800,
      payments: [],
      receiptEmailedTo: null,
    });
  });

  it('dates the invoice, its payments and its payment in full on the business’s clock, not UTC’s', async () => {
    // 10:30 PM on June 10 in Santa Monica is June 11 in UTC.
    clock.set('2026-06-11T05:30:00Z');
    const { token } = await sentInvoice();
    expect((await open(token)).body).toMatchObject({ invoiceDate: '2026-06-10', paidDate: null, payments: [] });
    // 1:00 AM on June 11 there.
    clock.set('2026-06-11T08:00:00Z');
    await payWithDemoCard(t, token, 0);
    expect((await open(token)).body).toMatchObject({
      status: 'paid',
      invoiceDate: '2026-06-10',
      paidDate: '2026-06-11',
      payments: [{ method: 'card', amountCents: 18_800, tipCents: 0, date: '2026-06-11' }],
      // The receipt went with the payment, to the booking's address.
      receiptEmailedTo: expect.stringMatching(/^casey-\d+@example\.com$/),
    });
  });

  it('is the same 404 for an unknown token and a malformed one', async () => {
    const bodies = await Promise.all(['A'.repeat(43), 'short', `${'b'.repeat(43)}.extra`].map(open));
    for (const res of bodies) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'This link is no longer valid.' });
    }
    expect((await intentFor('A'.repeat(43), { tipCents: 0 })).status).toBe(404);
  });
});

describe('paying by card', () => {
  it('charges the balance plus the tip the server checks, records it once from the provider’s side, and the invoice is paid', async () => {
    const { token, id } = await sentInvoice();
    // 20 % of the job's $238 price.
    const tip = 4_760;
    const tooMuch = await intentFor(token, { tipCents: 23_801 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ code: 'VALIDATION_ERROR', message: "A tip can be at most $238.00, the job's price.", errors: { tipCents: "A tip can be at most $238.00, the job's price." } });
    for (const tipCents of [-1, 1.5, '4760', null]) expect((await intentFor(token, { tipCents })).body.errors).toEqual({ tipCents: TIP_MESSAGE });

    const first = await intentFor(token, { tipCents: tip });
    expect(first.body).toEqual({ clientSecret: expect.stringMatching(/^pi_demo_\w+_secret_\w+$/), amountCents: 23_560 });
    // The same balance and tip: the same intent (a second tap pays once).
    expect((await intentFor(token, { tipCents: tip })).body.clientSecret).toBe(first.body.clientSecret);

    const card = (cardNumber: string) => ({ clientSecret: first.body.clientSecret, cardNumber, expiry: '12 / 30', cvc: '123' });
    const declined = await call(t.app, 'POST', `/api/invoices/${token}/demo-confirm`, { body: card('4000 0000 0000 0002'), ip: freshIp() });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    expect(await paymentsOf(id)).toHaveLength(0);
    // The deposit's card form does not take an invoice's intent.
    const wrongForm = await call(t.app, 'POST', '/api/payments/demo/confirm', { body: card('4242 4242 4242 4242'), ip: freshIp() });
    expect(wrongForm.body).toEqual({ code: 'NOT_FOUND', message: 'This payment was not found. Please book again.' });

    const paid = await call(t.app, 'POST', `/api/invoices/${token}/demo-confirm`, { body: card('4242 4242 4242 4242'), ip: freshIp() });
    expect(paid.status, paid.raw).toBe(200);
    const intentId = first.body.clientSecret.split('_secret_')[0];
    expect(paid.body.redirectUrl).toBe(`/invoice/${token}?payment_intent=${intentId}&payment_intent_client_secret=${encodeURIComponent(first.body.clientSecret)}&redirect_status=succeeded`);
    // The customer's return retrieves the intent again, and a repeat of the form: still one payment.
    const back = await call(t.app, 'POST', `/api/invoices/${token}/confirm`, { body: { paymentIntentId: intentId }, ip: freshIp() });
    expect(back.body).toMatchObject({ paymentStatus: 'succeeded', invoice: { status: 'paid', paidCents: 18_800, tipCents: tip, balanceCents: 0, paidDate: '2026-06-10' } });
    expect(back.body.invoice.payments).toEqual([{ method: 'card', amountCents: 18_800, tipCents: tip, date: '2026-06-10' }]);
    await call(t.app, 'POST', `/api/invoices/${token}/demo-confirm`, { body: card('4242 4242 4242 4242'), ip: freshIp() });
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ method: 'card', amountCents: 18_800, tipCents: tip, excessCents: 0, providerIntentId: intentId })]);

    const after = await intentFor(token, { tipCents: 0 });
    expect(after.status).toBe(409);
    expect(after.body.message).toMatch(/^Invoice INV-2026-\d{4} is paid in full\. Thank you!$/);
  });

  it('does not take another invoice’s intent on its return', async () => {
    const a = await sentInvoice();
    const b = await sentInvoice();
    const intent = await intentFor(a.token, { tipCents: 0 });
    const intentId = intent.body.clientSecret.split('_secret_')[0];
    const res = await call(t.app, 'POST', `/api/invoices/${b.token}/confirm`, { body: { paymentIntentId: intentId }, ip: freshIp() });
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'This payment was not found.' });
    const missing = await call(t.app, 'POST', `/api/invoices/${b.token}/confirm`, { body: { paymentIntentId: 'pi_demo_nothing' }, ip: freshIp() });
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'This payment was not found.' });
  });

  it('refunds at once what a card took beyond the balance (an intent made before a payment by hand)', async () => {
    const { token, id } = await sentInvoice();
    const intent = await intentFor(token, { tipCents: 1_000 });
    expect(intent.body.amountCents).toBe(19_800);
    expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/payments`, { method: 'cash', amountCents: 8_000 })).status).toBe(201);
    const paid = await call(t.app, 'POST', `/api/invoices/${token}/demo-confirm`, {
      body: { clientSecret: intent.body.clientSecret, cardNumber: '4242424242424242', expiry: '12 / 30', cvc: '123' },
      ip: freshIp(),
    });
    expect(paid.status).toBe(200);
    expect((await open(token)).body).toMatchObject({ status: 'paid', paidCents: 18_800, tipCents: 1_000, balanceCents: 0 });
    // The receipt lists both, the card's toward what was left of the balance, with its tip.
    expect((await open(token)).body.payments).toEqual([
      { method: 'cash', amountCents: 8_000, tipCents: 0, date: '2026-06-10' },
      { method: 'card', amountCents: 10_800, tipCents: 1_000, date: '2026-06-10' },
    ]);
    const [payment] = (await paymentsOf(id)).filter((p) => p.method === 'card');
    expect(payment).toMatchObject({ amountCents: 10_800, tipCents: 1_000, excessCents: 8_000 });
    expect(await t.db.select().from(invoiceRefunds).where(eq(invoiceRefunds.paymentId, payment.id))).toEqual([
      expect.objectContaining({ amountCents: 8_000, status: 'refunded', reason: 'overpayment', providerRefundId: expect.stringMatching(/^re_demo_/) }),
    ]);
    const [demo] = await t.db.select().from(demoPayments).where(eq(demoPayments.id, payment.providerIntentId!));
    expect(demo).toMatchObject({ amount: 19_800, refundedCents: 8_000, status: 'succeeded' });
  });
});

describe('the owner’s refunds of card payments', () => {
  it('refunds a card charge in full, tip included, when the invoice was settled meanwhile', async () => {
    const { token, id } = await sentInvoice();
    const intent = await intentFor(token, { tipCents: 2_000 });
    expect(intent.body.amountCents).toBe(20_800);
    // Paid in full by hand before the card's form is sent.
    expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/payments`, { method: 'cash', amountCents: 18_800 })).status).toBe(201);
    const paid = await call(t.app, 'POST', `/api/invoices/${token}/demo-confirm`, {
      body: { clientSecret: intent.body.clientSecret, cardNumber: '4242424242424242', expiry: '12 / 30', cvc: '123' },
      ip: freshIp(),
    });
    expect(paid.status).toBe(200);
    // No tip kept without a payment of the balance: the whole $208 goes back.
    expect((await open(token)).body).toMatchObject({ status: 'paid', paidCents: 18_800, tipCents: 0, balanceCents: 0 });
    const [card] = (await paymentsOf(id)).filter((p) => p.method === 'card');
    expect(card).toMatchObject({ amountCents: 0, tipCents: 0, excessCents: 20_800 });
    const refunds = await t.db.select().from(invoiceRefunds).where(eq(invoiceRefunds.paymentId, card!.id));
    expect(refunds).toMatchObject([{ amountCents: 20_800, reason: 'overpayment', status: 'refunded' }]);
  });

  it('refunds in part and in full through the one refund service, never more than the card paid', async () => {
    const { token, id, number } = await sentInvoice();
    await payWithDemoCard(t, token, 2_000);
    const refund = (amountCents: unknown) => asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/refund`, { amountCents });
    const part = await refund(5_000);
    expect(part.status, part.raw).toBe(200);
    expect(part.body.message).toBe('$50.00 is refunded to the card.');
    expect(part.body.invoice).toMatchObject({ status: 'paid', refundedCents: 5_000, balanceCents: 0 });
    expect(part.body.invoice.refunds).toEqual([{ id: expect.any(Number), paymentId: part.body.invoice.payments[0].id, amountCents: 5_000, status: 'refunded', reason: 'owner', createdAt: NOW.replace('Z', '.000Z') }]);
    expect(part.body.invoice.payments[0]).toMatchObject({ amountCents: 18_800, tipCents: 2_000, refundedCents: 5_000 });

    const tooMuch = await refund(15_801);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ code: 'VALIDATION_ERROR', message: 'At most $158.00 can be refunded to the card.', errors: { amountCents: 'At most $158.00 can be refunded to the card.' } });
    expect((await refund(15_800)).body.invoice.refundedCents).toBe(20_800);
    const none = await refund(1);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(`Invoice ${number}: its card payments are refunded in full.`);
    for (const bad of [0, -1, 2.5]) expect((await refund(bad)).status).toBe(400);
  });
});

describe('the log', () => {
  it('never holds an invoice link’s token', async () => {
    expect(tokens.length).toBeGreaterThan(3);
    const all = log.join('\n');
    expect(all).toContain('/api/invoices/[redacted]');
    for (const token of tokens) expect(all.includes(token), `token ${token} in the log`).toBe(false);
  });
});
