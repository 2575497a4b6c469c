import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, reviews, smsOutbox } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/messaging/services/mailer';
import { sendDueEmails } from '../../src/server/messaging/services/outbox-worker';
import { WORKERS } from '../../src/server/workers';
import { DEFAULT_SETTINGS } from '../../src/shared/schemas/settings';
import { call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { asOwner, completedJob, invoiceTokenIn, payWithDemoCard, sendInvoiceAndOpen } from '../helpers/invoices';
import { KeepingSmtp, pdfText } from '../helpers/smtp';

// Issue 23, parts 2, 4 and 5: the receipt of a paid invoice, emailed once through a real SMTP
// server with its PDF (made with pdfkit, read back with pdf.js); the review request inside it
// rather than a second message; the review request's fallback when no invoice is sent; reminders
// of a sent, unpaid invoice 3 and 7 days on, on the job queue's timed job and a test clock.

const NOW = '2026-06-10T17:00:00Z';
const DAY = 86_400_000;
const clock = createClock(NOW);
const at = (ms: number) => clock.set(new Date(Date.parse(NOW) + ms));
let smtp: KeepingSmtp;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  smtp = await new KeepingSmtp().start();
  t = await createTestApp({
    clock,
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '' }),
    env: { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'twilio-test-token', TWILIO_FROM: '+13105550100', TWILIO_API_BASE: 'http://127.0.0.1:9' },
  });
  owner = (await sessionAs(t.db, 'admin')).cookie;
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(() => clock.set(NOW));

/** Sends every queued email through the SMTP server, as the outbox's jobs would (made due on the app's clock first). */
async function deliverAll() {
  await t.db.update(emailOutbox).set({ nextAttemptAt: t.app.now() }).where(eq(emailOutbox.status, 'pending'));
  await sendDueEmails({ db: t.db, mailer: t.app.mailer, now: t.app.now, from: t.app.config.mailFrom }, 200);
}

const emailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id);
const kindsTo = async (to: string) => (await emailsTo(to)).map((e) => e.kind);
const runWorker = (name: string) => WORKERS.find((w) => w.name === name)!.run(t.app);
const invoiceIdOf = async (bookingId: number) => (await asOwner(t, owner, 'GET', `/api/admin/bookings/${bookingId}/invoice`)).body.id as number;
const reviewTokenIn = (text: string) => /http:\/\/localhost:5000\/review\/([\w-]{43})(?![\w-])/.exec(text)?.[1];

/** GET a PDF route: status, headers and bytes. */
async function getPdf(url: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : null };
}

describe('the receipt of an invoice paid by card', () => {
  it('is emailed once, with the review link inside and a PDF of the business as set, the lines, the payment, the tip and the balance', async () => {
    // The business as the owner describes it, never the built-in facts.
    const business = { name: 'Ocean Park Handy Co', phone: '(424) 555-0177', email: 'team@oceanpark.example', address: '2400 Main St, Santa Monica, CA 90405', serviceRadius: 'Within 12 miles of Ocean Park' };
    expect((await asOwner(t, owner, 'PATCH', '/api/admin/settings', { business })).status).toBe(200);

    const job = await completedJob(t, owner);
    // The review request waits for the receipt: the job has $188 left to pay.
    expect(await kindsTo(job.email)).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id))).toEqual([]);

    const { token, number } = await sendInvoiceAndOpen(t, owner, job);
    clock.advance(60_000);
    const { paid, intent } = await payWithDemoCard(t, token, 4_760);
    expect(paid.status, paid.raw).toBe(200);
    expect(intent.amountCents).toBe(23_560);
    // The customer's return and a repeated form: the payment is recorded once, so is the receipt.
    const intentId = intent.clientSecret.split('_secret_')[0];
    await Promise.all([
      call(t.app, 'POST', `/api/invoices/${token}/confirm`, { body: { paymentIntentId: intentId }, ip: freshIp() }),
      call(t.app, 'POST', `/api/invoices/${token}/confirm`, { body: { paymentIntentId: intentId }, ip: freshIp() }),
    ]);
    expect(await kindsTo(job.email)).toEqual(['invoice', 'invoice_receipt']);
    const [queued] = (await emailsTo(job.email)).filter((e) => e.kind === 'invoice_receipt');
    // The row names its PDF and holds none: it is made when the email goes out.
    expect(queued.attachments).toEqual([{ filename: `receipt-${number}.pdf`, contentType: 'application/pdf', content: '', render: { kind: 'invoice_receipt', ref: expect.any(Number), timeZone: t.config.businessTz } }]);

    await deliverAll();
    await deliverAll();
    const mails = smtp.to(job.email).filter((m) => m.subject.startsWith('Receipt'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Receipt for invoice ${number} from Ocean Park Handy Co: paid in full`);
    expect(mail.text).toContain(`Invoice ${number} is paid in full; your receipt is attached as a PDF.`);
    expect(mail.text).toContain('Tip, thank you!: $47.60');
    // One message after the job: the review link is in the receipt, and no review email went.
    const reviewToken = reviewTokenIn(mail.text);
    expect(reviewToken, mail.text).toBeDefined();
    expect(await kindsTo(job.email)).not.toContain('review_request');
    expect((await call(t.app, 'GET', `/api/reviews/${reviewToken}`, { ip: freshIp() })).status).toBe(200);

    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`receipt-${number}.pdf`, 'application/pdf']]);
    const text = await pdfText(mail.attachments[0].content);
    for (const expected of [
      'Ocean Park Handy Co',
      '2400 Main St, Santa Monica, CA 90405',
      'Within 12 miles of Ocean Park',
      '(424) 555-0177',
      'team@oceanpark.example',
      'RECEIPT',
      'PAID IN FULL',
      `Invoice ${number}`,
      'Invoice date June 10, 2026',
      'Paid on June 10, 2026',
      'Casey Morgan',
      '2 Dresser $89.00 $178.00',
      '1 Bed frame $60.00 $60.00',
      'Subtotal $238.00',
      'Total $238.00',
      'Deposit paid -$50.00',
      'Payments -$188.00',
      'Balance $0.00',
      'Tip, thank you! $47.60',
      'Total paid $285.60',
      'At booking Deposit $50.00',
      'June 10, 2026 Card $188.00 $47.60',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Westside Assembly Pros');

    const { name, phone, email, address, serviceRadius } = DEFAULT_SETTINGS.business;
    expect((await asOwner(t, owner, 'PATCH', '/api/admin/settings', { business: { name, phone, email, address, serviceRadius } })).status).toBe(200);
  });
});

describe('payments by hand', () => {
  it('send the receipt once, with the payment that settles the invoice, not with a partial one', async () => {
    const job = await completedJob(t, owner);
    const id = await invoiceIdOf(job.id);
    const pay = (body: unknown) => asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/payments`, body);
    // A job paid on site: the draft is never sent.
    expect((await pay({ method: 'cash', amountCents: 8_000 })).status).toBe(201);
    expect(await kindsTo(job.email)).toEqual([]);
    const rest = await pay({ method: 'zelle', amountCents: 10_800 });
    expect(rest.body.message).toBe(`Recorded $108.00 by Zelle on invoice ${rest.body.invoice.number}. It is paid in full; the customer is emailed the receipt.`);
    expect(await kindsTo(job.email)).toEqual(['invoice_receipt']);

    await deliverAll();
    const [mail] = smtp.to(job.email);
    expect(reviewTokenIn(mail.text)).toBeDefined();
    const text = await pdfText(mail.attachments[0].content);
    expect(text).toContain(`Invoice ${rest.body.invoice.number}`);
    expect(text).toContain('June 10, 2026 Cash $80.00');
    expect(text).toContain('June 10, 2026 Zelle $108.00');
    expect(text).toContain('Balance $0.00');
    expect(text).not.toContain('Tip');
  });
});

describe('a job with nothing left to pay at completion', () => {
  const SMALL_SHELF = { lines: [{ name: 'Small shelf', quantity: 1, unitCents: 5_000, amountCents: 5_000, minutes: 30 }], totalCents: 5_000 };

  it('gets its review request with the completion, as before, and a receipt without one when the invoice is sent', async () => {
    const job = await completedJob(t, owner, SMALL_SHELF);
    expect(job.completion).toBe(`Booking #${job.id} is marked completed. The customer has been emailed a link to review the job.`);
    expect(await kindsTo(job.email)).toEqual(['review_request']);
    const sent = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/invoice/send`);
    expect(sent.body.invoice.status).toBe('paid');
    expect(await kindsTo(job.email)).toEqual(['review_request', 'invoice_receipt']);
    await deliverAll();
    const receipt = smtp.to(job.email).find((m) => m.subject.startsWith('Receipt'))!;
    expect(reviewTokenIn(receipt.text)).toBeUndefined();
    // Instead, the invoice's own link, to see the receipt online.
    const token = invoiceTokenIn(receipt.text);
    expect((await call(t.app, 'GET', `/api/invoices/${token}`, { ip: freshIp() })).body.status).toBe('paid');
  });

  it('while a job with a balance says the review waits for the receipt', async () => {
    const job = await completedJob(t, owner);
    expect(job.completion).toBe(`Booking #${job.id} is marked completed. Its invoice is ready to send; the customer will be asked for a review with the receipt.`);
  });
});

describe('the receipt’s PDF through its routes', () => {
  it('is the customer’s once the invoice is paid, and the owner’s; before that a 404 and a 409', async () => {
    const job = await completedJob(t, owner);
    const id = await invoiceIdOf(job.id);
    const { token, number } = await sendInvoiceAndOpen(t, owner, job);
    const early = await getPdf(`/api/invoices/${token}/receipt.pdf`);
    expect(early.status).toBe(404);
    expect(early.json).toEqual({ code: 'NOT_FOUND', message: 'This receipt is made once the invoice is paid in full.' });
    expect((await getPdf(`/api/invoices/${'A'.repeat(43)}/receipt.pdf`)).json).toEqual({ code: 'NOT_FOUND', message: 'This link is no longer valid.' });
    const ownerEarly = await getPdf(`/api/admin/invoices/${id}/receipt.pdf`, owner);
    expect(ownerEarly.status).toBe(409);
    expect(ownerEarly.json).toEqual({ code: 'INVALID_STATUS', message: `Invoice ${number} is not paid in full: its receipt is made once it is.` });
    expect((await getPdf('/api/admin/invoices/987654/receipt.pdf', owner)).json).toEqual({ code: 'NOT_FOUND', message: 'Invoice not found.' });
    expect((await getPdf(`/api/admin/invoices/${id}/receipt.pdf`)).status).toBe(401);

    await payWithDemoCard(t, token, 2_500);
    for (const res of [await getPdf(`/api/invoices/${token}/receipt.pdf`), await getPdf(`/api/admin/invoices/${id}/receipt.pdf`, owner)]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
      const text = await pdfText(res.bytes);
      expect(text).toContain(`Invoice ${number}`);
      expect(text).toContain('Total $238.00');
      expect(text).toContain('Tip, thank you! $25.00');
    }
    expect((await getPdf(`/api/invoices/${token}/receipt.pdf`)).headers['cache-control']).toBe('no-store');
  });
});

describe('the review request when no invoice is paid through the site', () => {
  it('goes on its own 3 days after the job when the invoice is still a draft, once; a sent invoice keeps it for the receipt', async () => {
    const draft = await completedJob(t, owner);
    const sent = await completedJob(t, owner);
    await sendInvoiceAndOpen(t, owner, sent);

    at(3 * DAY - 60_000);
    await runWorker('review-requests-after-jobs');
    expect(await kindsTo(draft.email)).toEqual([]);

    at(3 * DAY);
    await Promise.all([runWorker('review-requests-after-jobs'), runWorker('review-requests-after-jobs')]);
    at(4 * DAY);
    await runWorker('review-requests-after-jobs');
    expect(await kindsTo(draft.email)).toEqual(['review_request']);
    expect(await kindsTo(sent.email)).toEqual(['invoice']);
    await deliverAll();
    expect(reviewTokenIn(smtp.to(draft.email)[0].text)).toBeDefined();

    // A receipt later carries no second request.
    const id = await invoiceIdOf(draft.id);
    expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/payments`, { method: 'cash', amountCents: 18_800 })).status).toBe(201);
    await deliverAll();
    const receipt = smtp.to(draft.email).find((m) => m.subject.startsWith('Receipt'))!;
    expect(reviewTokenIn(receipt.text)).toBeUndefined();
    expect(await t.db.select().from(reviews).where(eq(reviews.bookingId, draft.id))).toHaveLength(1);
  });
});

describe('reminders of a sent, unpaid invoice', () => {
  const reminders = async (to: string) =>
    (await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'invoice_reminder'))).orderBy(emailOutbox.id)).map((e) => e.subject);

  it('go 3 and 7 days after sending, each once however often the job runs, with a fresh link; by text too when the customer asked', async () => {
    const job = await completedJob(t, owner, { smsOptIn: true });
    const { number, token: first } = await sendInvoiceAndOpen(t, owner, job);
    const subject = `Reminder: invoice ${number} from Westside Assembly Pros: $188.00 due`;

    at(3 * DAY - 60_000);
    await runWorker('invoice-reminders');
    expect(await reminders(job.email)).toEqual([]);
    at(3 * DAY);
    await Promise.all([runWorker('invoice-reminders'), runWorker('invoice-reminders')]);
    await runWorker('invoice-reminders');
    expect(await reminders(job.email)).toEqual([subject]);
    at(7 * DAY - 60_000);
    await runWorker('invoice-reminders');
    expect(await reminders(job.email)).toEqual([subject]);
    at(7 * DAY);
    await runWorker('invoice-reminders');
    at(30 * DAY);
    await runWorker('invoice-reminders');
    expect(await reminders(job.email)).toEqual([subject, subject]);

    const texts = await t.db.select().from(smsOutbox).where(and(eq(smsOutbox.toPhone, '+13105550142'), eq(smsOutbox.kind, 'invoice_reminder')));
    expect(texts.map((x) => x.body)).toEqual(
      Array(2).fill(`Westside Assembly Pros: a reminder that invoice ${number} for your Furniture Assembly has $188.00 due. View and pay: http://localhost:5000/invoice/{{link-token}} Reply STOP to stop texts.`),
    );

    await deliverAll();
    const mails = smtp.to(job.email).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain(`a friendly reminder that invoice ${number} for your Furniture Assembly on`);
    const fresh = invoiceTokenIn(mails[0].text);
    expect(fresh).not.toBe(first);
    expect((await call(t.app, 'GET', `/api/invoices/${fresh}`, { ip: freshIp() })).body).toMatchObject({ number, balanceCents: 18_800 });
  });

  it('remind a partly paid invoice of what is left, and never one paid or void', async () => {
    const partly = await completedJob(t, owner);
    const paid = await completedJob(t, owner);
    const voided = await completedJob(t, owner);
    for (const job of [partly, paid, voided]) await sendInvoiceAndOpen(t, owner, job);
    at(DAY);
    const pay = async (bookingId: number, amountCents: number) =>
      expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${await invoiceIdOf(bookingId)}/payments`, { method: 'check', amountCents })).status).toBe(201);
    await pay(partly.id, 8_800);
    await pay(paid.id, 18_800);
    expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${await invoiceIdOf(voided.id)}/void`)).status).toBe(200);

    for (const day of [3, 7, 10]) {
      at(day * DAY);
      await runWorker('invoice-reminders');
    }
    expect(await reminders(partly.email)).toHaveLength(2);
    expect((await reminders(partly.email))[0]).toMatch(/: \$100\.00 due$/);
    expect(await reminders(paid.email)).toEqual([]);
    expect(await reminders(voided.email)).toEqual([]);
    const all = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, [paid.email, voided.email]));
    expect(all.map((e) => e.kind).sort()).toEqual(['invoice', 'invoice', 'invoice_receipt']);
  });
});
