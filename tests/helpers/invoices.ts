import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings, emailOutbox, smsOutbox } from '../../src/server/db/schema';
import { startsAt } from '../../src/server/schedule/services/schedule';
import type { QuoteLine } from '../../src/shared/schemas/price-list';
import { call, freshIp } from './accounts';
import type { TestApp } from './app';
import { sendEmailNow } from './sent-mail';

/**
 * Invoices (issue 23) through the API: a job the owner completes on the owner's route (so its
 * draft invoice is made as the app makes it), the invoice sent, and its link's token as the
 * customer receives it (the email sent through a mail server that keeps it).
 */

/** Two dressers and a bed frame, as the price list priced them at booking: $238 in all. */
export const JOB_LINES: QuoteLine[] = [
  { name: 'Dresser', quantity: 2, unitCents: 8_900, amountCents: 17_800, minutes: 180 },
  { name: 'Bed frame', quantity: 1, unitCents: 6_000, amountCents: 6_000, minutes: 60 },
];

/** The sums of JOB_LINES' invoice as drafted and sent, before any payment: $238, less the $50 deposit. */
export const JOB_SUMS = {
  lines: [
    { description: 'Dresser', quantity: 2, unitCents: 8_900, taxable: false, amountCents: 17_800 },
    { description: 'Bed frame', quantity: 1, unitCents: 6_000, taxable: false, amountCents: 6_000 },
  ],
  subtotalCents: 23_800,
  discountCents: 0,
  taxRateBps: 0,
  taxCents: 0,
  totalCents: 23_800,
  depositCreditCents: 5_000,
  paidCents: 0,
  tipCents: 0,
  balanceCents: 18_800,
};

let day = 0;

/**
 * A confirmed job written straight to the database (its own past day of `month`, so jobs never
 * overlap), then completed by the owner through POST /api/admin/bookings/:id/status. By default
 * it has JOB_LINES and its $50 deposit paid. Completed as Today completes it, the invoice to
 * follow (its review request waits for the receipt). `completion` is what the owner was told.
 */
export async function completedJob(t: TestApp, owner: string, values: Partial<typeof bookings.$inferInsert> = {}, month = '2026-05') {
  day += 1;
  const date = `${month}-${String((day % 28) + 1).padStart(2, '0')}`;
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'furniture-assembly',
      bookingDate: date,
      bookingTime: '10:00 AM',
      startsAt: startsAt(date, '10:00 AM', t.config.businessTz),
      durationMinutes: 240,
      fullName: 'Casey Morgan',
      email: `casey-${day}@example.com`,
      phone: '(310) 555-0142',
      address: '1450 Ocean Ave, Santa Monica, CA 90401',
      status: 'confirmed',
      depositPaid: true,
      paidAt: new Date(Date.parse(`${date}T12:00:00Z`) - 7 * 86_400_000),
      lines: JOB_LINES,
      totalCents: 23_800,
      ...values,
    })
    .returning();
  const done = await call(t.app, 'POST', `/api/admin/bookings/${row.id}/status`, { headers: { cookie: owner }, body: { status: 'completed', reviewWithReceipt: true } });
  expect(done.status, done.raw).toBe(200);
  return { ...row, completion: done.body.message as string };
}

/** An owner's call: `cookie` is the owner's session. */
export function asOwner(t: TestApp, cookie: string, method: string, url: string, body?: unknown) {
  return call(t.app, method, url, { headers: { cookie }, body, ip: freshIp() });
}

/** The latest invoice email to `to`. */
export async function invoiceEmailTo(t: TestApp, to: string) {
  const [row] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'invoice'), eq(emailOutbox.toAddress, to)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return row;
}

/** The token of an `/invoice/{token}` link in a sent message. */
export function invoiceTokenIn(text: string): string {
  const token = /\/invoice\/([\w-]{43})(?![\w-])/.exec(text)?.[1];
  if (!token) throw new Error(`no invoice link in: ${text.slice(0, 400)}`);
  return token;
}

/** Sends the job's invoice as the owner, then its email as the mail job would; the link's token the customer gets. */
export async function sendInvoiceAndOpen(t: TestApp, owner: string, booking: { id: number; email: string }): Promise<{ token: string; number: string; text: string }> {
  const sent = await asOwner(t, owner, 'POST', `/api/admin/bookings/${booking.id}/invoice/send`);
  expect(sent.status, sent.raw).toBe(200);
  const email = await invoiceEmailTo(t, booking.email);
  const mail = await sendEmailNow(t.app, email.id);
  return { token: invoiceTokenIn(mail.text), number: sent.body.invoice.number, text: mail.text };
}

/** The texts queued to `phone` (E.164). */
export function textsTo(t: TestApp, phone: string) {
  return t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
}

/** Pays an invoice with the demo card as the customer: the intent for `tipCents`, then the test card. */
export async function payWithDemoCard(t: TestApp, token: string, tipCents: number, cardNumber = '4242 4242 4242 4242') {
  const intent = await call(t.app, 'POST', `/api/invoices/${token}/payment-intent`, { body: { tipCents }, ip: freshIp() });
  expect(intent.status, intent.raw).toBe(200);
  const paid = await call(t.app, 'POST', `/api/invoices/${token}/demo-confirm`, {
    body: { clientSecret: intent.body.clientSecret, cardNumber, expiry: '12 / 30', cvc: '123' },
    ip: freshIp(),
  });
  return { intent: intent.body as { clientSecret: string; amountCents: number }, paid };
}
