import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoicePayments, invoiceRefunds, invoices } from '../../src/server/db/schema';
import { EXPORT_RANGE_MESSAGE } from '../../src/shared/schemas/invoices';
import { call, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { asOwner, completedJob, payWithDemoCard, sendInvoiceAndOpen } from '../helpers/invoices';

// Issue 23's Numbers and the accountant's export: the money the invoices took per week, tips per
// crew, the average ticket, what is owed and for how long; every movement of money as CSV.

// Wednesday 2026-06-10, 10:00 in Los Angeles: this week starts Monday 2026-06-08.
const NOW = '2026-06-10T17:00:00Z';
const clock = createClock(NOW);
let t: TestApp;
let owner: string;

const stats = async () => (await asOwner(t, owner, 'GET', '/api/admin/stats')).body;
const invoiceIdOf = async (bookingId: number) => (await asOwner(t, owner, 'GET', `/api/admin/bookings/${bookingId}/invoice`)).body.id as number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = (await sessionAs(t.db, 'admin')).cookie;

  // Crew 2's job, paid by card with a $47.60 tip (20 % of its $238), then $20 refunded by the owner.
  const paid = await completedJob(t, owner, { crew: 2 });
  const { token } = await sendInvoiceAndOpen(t, owner, paid);
  const card = await payWithDemoCard(t, token, 4_760);
  expect(card.paid.status, card.paid.raw).toBe(200);
  const refund = await asOwner(t, owner, 'POST', `/api/admin/invoices/${await invoiceIdOf(paid.id)}/refund`, { amountCents: 2_000 });
  expect(refund.status, refund.raw).toBe(200);

  // $50 in cash on a job sent today: $138 still owed, for 0 days.
  const partly = await completedJob(t, owner);
  await sendInvoiceAndOpen(t, owner, partly);
  const cash = await asOwner(t, owner, 'POST', `/api/admin/invoices/${await invoiceIdOf(partly.id)}/payments`, { method: 'cash', amountCents: 5_000, note: 'Paid at the door' });
  expect(cash.status, cash.raw).toBe(201);

  // Sent 40 days ago and never paid: $188 owed. Its customer's name would be a formula in a spreadsheet.
  clock.set('2026-05-01T17:00:00Z');
  const old = await completedJob(t, owner, { fullName: '=HYPERLINK("http://example.com","Pay")' });
  await sendInvoiceAndOpen(t, owner, old);
  clock.set(NOW);
});
afterAll(async () => t?.close());

describe('Numbers: the invoices’ money', () => {
  it('counts balances, tips and refunds in the week they were taken, and deposits by the day they were paid', async () => {
    const body = await stats();
    const week = (body.weeks as { weekStart: string; balancesDollars: number; tipsDollars: number; invoiceRefundsDollars: number; depositsTakenDollars: number }[]).find((w) => w.weekStart === '2026-06-08')!;
    // $188 by card and $50 in cash; the tip; the $20 given back.
    expect(week).toMatchObject({ balancesDollars: 238, tipsDollars: 47.6, invoiceRefundsDollars: 20 });
    // The three deposits were paid a week before their May jobs, all inside the twelve weeks.
    const deposits = (body.weeks as { depositsTakenDollars: number }[]).reduce((s, w) => s + w.depositsTakenDollars, 0);
    expect(deposits).toBe(150);
  });

  it('gives tips per crew, the average ticket of the invoices paid, and what is owed by how long it has waited', async () => {
    const { money } = await stats();
    expect(money.tipsPerCrew).toEqual([{ crew: 2, tipsDollars: 47.6, jobs: 1 }]);
    // One invoice paid: $238 with its $47.60 tip.
    expect(money.paidInvoices).toBe(1);
    expect(money.averageTicketDollars).toBe(285.6);
    expect(money.outstanding).toEqual({
      invoices: 2,
      balanceDollars: 326,
      oldestDays: 40,
      buckets: [
        { label: 'Up to 7 days', invoices: 1, balanceDollars: 138 },
        { label: '8 to 30 days', invoices: 0, balanceDollars: 0 },
        { label: 'Over 30 days', invoices: 1, balanceDollars: 188 },
      ],
    });
  });
});

describe('GET /api/admin/payments.csv', () => {
  it('parses back to the money in the database: deposits, invoice payments with their tips, refunds negative', async () => {
    const res = await call(t.app, 'GET', '/api/admin/payments.csv?from=2026-04-01&to=2026-06-30', { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments-2026-04-01-to-2026-06-30.csv"');
    const rows = parse(res.raw, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['Date', 'Time', 'Type', 'Booking', 'Invoice', 'Customer', 'Method', 'Amount', 'Tip', 'Note']);

    const cents = (text: string) => Math.round(Number(text) * 100);
    const deposits = (await t.db.select().from(bookings)).filter((b) => b.depositPaid);
    const payments = await t.db.select().from(invoicePayments);
    const refunds = await t.db.select().from(invoiceRefunds);
    const numbers = new Map((await t.db.select().from(invoices)).map((i) => [i.id, i]));
    const expected = [
      ...deposits.map((b) => ({ Type: 'Deposit', Booking: String(b.id), Invoice: '', Amount: b.depositAmount, Tip: 0 })),
      ...payments.map((p) => ({ Type: 'Invoice payment', Booking: String(numbers.get(p.invoiceId)!.bookingId), Invoice: numbers.get(p.invoiceId)!.number!, Amount: p.amountCents + p.excessCents, Tip: p.tipCents })),
      ...refunds.map((r) => {
        const inv = numbers.get(payments.find((p) => p.id === r.paymentId)!.invoiceId)!;
        return { Type: 'Refund', Booking: String(inv.bookingId), Invoice: inv.number!, Amount: -r.amountCents, Tip: 0 };
      }),
    ];
    const got = rows.map((r) => ({ Type: r.Type!, Booking: r.Booking!, Invoice: r.Invoice!, Amount: cents(r.Amount!), Tip: cents(r.Tip!) }));
    const order = (a: { Type: string; Booking: string; Amount: number }, b: typeof a) => `${a.Type}${a.Booking}${a.Amount}`.localeCompare(`${b.Type}${b.Booking}${b.Amount}`);
    expect(got.sort(order)).toEqual(expected.sort(order));
    expect(expected).toHaveLength(3 + 2 + 1);

    // Dates on the business's clock; the method, the owner's note; a name never read as a formula.
    const cash = rows.find((r) => r.Method === 'Cash')!;
    expect(cash).toMatchObject({ Date: '2026-06-10', Time: '10:00', Amount: '50.00', Tip: '0.00', Note: 'Paid at the door' });
    expect(rows.find((r) => r.Type === 'Invoice payment' && r.Method === 'Card')).toMatchObject({ Amount: '188.00', Tip: '47.60' });
    expect(rows.find((r) => r.Type === 'Refund')).toMatchObject({ Amount: '-20.00', Note: 'Refunded by the business' });
    expect(rows.filter((r) => r.Customer.startsWith("'=HYPERLINK"))).toHaveLength(1);
    expect(rows.every((r) => !r.Customer.startsWith('='))).toBe(true);
  });

  it('takes the last 90 days by default and refuses a range backwards or longer than a year', async () => {
    const recent = await call(t.app, 'GET', '/api/admin/payments.csv', { headers: { cookie: owner } });
    expect(recent.status).toBe(200);
    expect(recent.headers['content-disposition']).toBe('attachment; filename="payments-2026-03-13-to-2026-06-10.csv"');
    for (const query of ['from=2026-06-10&to=2026-06-01', 'from=2025-01-01&to=2026-06-10']) {
      const bad = await call(t.app, 'GET', `/api/admin/payments.csv?${query}`, { headers: { cookie: owner } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: EXPORT_RANGE_MESSAGE, errors: { from: EXPORT_RANGE_MESSAGE } });
    }
    const badDate = await call(t.app, 'GET', '/api/admin/payments.csv?from=2026-02-30', { headers: { cookie: owner } });
    expect(badDate.status).toBe(400);
  });

  it('is for the business only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/payments.csv')).status).toBe(401);
    const customer = (await sessionAs(t.db, 'customer')).cookie;
    expect((await call(t.app, 'GET', '/api/admin/payments.csv', { headers: { cookie: customer } })).status).toBe(403);
  });
});
