import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoicePayments, invoices } from '../../src/server/db/schema';
import { takeInvoiceSequence } from '../../src/server/invoices/repositories/invoices';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { asOwner, completedJob } from '../helpers/invoices';

// What happens at once (issue 23): invoice numbers issued concurrently have no gaps and no
// repeats; payments recorded concurrently on one invoice never pay more than it is owed. The
// database is this file's own, so the year's numbers start at 0001 here.

const NOW = '2026-06-10T17:00:00Z';
const clock = createClock(NOW);
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = (await sessionAs(t.db, 'admin')).cookie;
});
afterAll(async () => t?.close());
beforeEach(() => clock.set(NOW));

const send = (bookingId: number) => asOwner(t, owner, 'POST', `/api/admin/bookings/${bookingId}/invoice/send`);
const invoiceIdOf = async (bookingId: number) => (await asOwner(t, owner, 'GET', `/api/admin/bookings/${bookingId}/invoice`)).body.id as number;
const numbers = (n: number, from = 1, year = 2026) => Array.from({ length: n }, (_, i) => `INV-${year}-${String(from + i).padStart(4, '0')}`);

describe('invoice numbers', () => {
  it('have no gaps and no repeats when invoices are sent at once, and a rolled-back issue gives its number back', async () => {
    const jobs = [];
    for (let i = 0; i < 8; i++) jobs.push(await completedJob(t, owner));
    const sent = await Promise.all(jobs.map((j) => send(j.id)));
    expect(sent.map((s) => s.status)).toEqual(Array(8).fill(200));
    expect(sent.map((s) => s.body.invoice.number).sort()).toEqual(numbers(8));

    // An issue whose transaction rolls back (after taking the next number) leaves no gap.
    await expect(
      t.db.transaction(async (tx) => {
        expect(await takeInvoiceSequence(tx, 2026)).toBe(9);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A draft voided unsent takes none; sending again keeps the number; a draft paid on site takes the next.
    const voided = await completedJob(t, owner);
    expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${await invoiceIdOf(voided.id)}/void`)).status).toBe(200);
    expect((await send(jobs[0].id)).body.invoice.number).toBe(sent[0].body.invoice.number);
    const next = await completedJob(t, owner);
    expect((await send(next.id)).body.invoice.number).toBe('INV-2026-0009');
    const onSite = await completedJob(t, owner);
    const paid = await asOwner(t, owner, 'POST', `/api/admin/invoices/${await invoiceIdOf(onSite.id)}/payments`, { method: 'cash', amountCents: 18_800 });
    expect(paid.body.invoice.number).toBe('INV-2026-0010');

    const issued = (await t.db.select({ number: invoices.number }).from(invoices)).map((r) => r.number).filter((n) => n !== null).sort();
    expect(issued).toEqual(numbers(10));
  });

  it('start again at 0001 in a new year on the business’s clock', async () => {
    const late = await completedJob(t, owner);
    const early = await completedJob(t, owner);
    // 11:59 PM on December 31 in Los Angeles, already 2027 in UTC.
    clock.set('2027-01-01T07:59:00Z');
    expect((await send(late.id)).body.invoice.number).toBe('INV-2026-0011');
    clock.set('2027-01-01T08:00:00Z');
    expect((await send(early.id)).body.invoice.number).toBe('INV-2027-0001');
  });
});

describe('payments on one invoice at once', () => {
  it('record one of two payments of the whole balance; the other is refused', async () => {
    const job = await completedJob(t, owner);
    const id = await invoiceIdOf(job.id);
    await send(job.id);
    const both = await Promise.all([
      asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/payments`, { method: 'cash', amountCents: 18_800 }),
      asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/payments`, { method: 'zelle', amountCents: 18_800 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toMatch(/^Invoice INV-\d{4}-\d{4} is paid in full\.$/);
    expect(await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id))).toHaveLength(1);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]).toMatchObject({ status: 'paid', paidCents: 18_800 });
  });

  it('record as many of five $50 payments as the $188 balance takes, and no more', async () => {
    const job = await completedJob(t, owner);
    const id = await invoiceIdOf(job.id);
    const five = await Promise.all(
      Array.from({ length: 5 }, () => asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/payments`, { method: 'venmo', amountCents: 5_000 })),
    );
    expect(five.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400]);
    for (const refused of five.filter((r) => r.status === 400)) expect(refused.body.errors).toEqual({ amountCents: 'The balance is $38.00: record at most that.' });
    const rows = await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(15_000);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]).toMatchObject({ status: 'partly_paid', paidCents: 15_000 });
  });
});
