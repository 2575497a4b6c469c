import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/accounts/services/tokens';
import { bookings, emailOutbox, invoiceLinks, invoices } from '../../src/server/db/schema';
import { startsAt } from '../../src/server/schedule/services/schedule';
import { DISCOUNT_MESSAGE, INVOICE_LINES_MESSAGE, METHOD_MESSAGE, QUANTITY_MESSAGE, TAXABLE_MESSAGE } from '../../src/shared/schemas/invoices';
import { MATERIALS_TAX_MESSAGE } from '../../src/shared/schemas/settings';
import { call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { asOwner, completedJob, invoiceEmailTo, invoiceTokenIn, JOB_SUMS, sendInvoiceAndOpen, textsTo } from '../helpers/invoices';
import { sendEmailNow } from '../helpers/sent-mail';

// The owner's side of an invoice (issue 23): the draft made when a job is completed, its lines,
// tax and discount, sending, voiding and payments by hand. Texts are configured (no text is sent:
// the tests read the outbox), so an invoice goes as a text too to a customer who asked for texts.

const NOW = '2026-06-10T17:00:00Z';
const clock = createClock(NOW);
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'twilio-test-token', TWILIO_FROM: '+13105550100', TWILIO_API_BASE: 'http://127.0.0.1:9' },
  });
  owner = (await sessionAs(t.db, 'admin')).cookie;
});
afterAll(async () => t?.close());
beforeEach(() => clock.set(NOW));

const invoiceOf = (bookingId: number) => asOwner(t, owner, 'GET', `/api/admin/bookings/${bookingId}/invoice`);
const put = (bookingId: number, body: unknown) => asOwner(t, owner, 'PUT', `/api/admin/bookings/${bookingId}/invoice`, body);
const pay = (invoiceId: number, body: unknown) => asOwner(t, owner, 'POST', `/api/admin/invoices/${invoiceId}/payments`, body);
const rowsOf = (bookingId: number) => t.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));

describe('completing a job', () => {
  it('makes one draft invoice from the booking’s lines with the $50 deposit credited', async () => {
    const job = await completedJob(t, owner);
    const res = await invoiceOf(job.id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      bookingId: job.id,
      number: null,
      status: 'draft',
      ...JOB_SUMS,
      refundedCents: 0,
      payments: [],
      refunds: [],
      sentAt: null,
      paidAt: null,
      voidedAt: null,
      createdAt: NOW.replace('Z', '.000Z'),
    });
    // Completing again is refused, and the job still has one invoice.
    const again = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/status`, { status: 'completed' });
    expect(again.status).toBe(409);
    expect(await rowsOf(job.id)).toHaveLength(1);
  });

  it('bills a job booked as a whole at its service’s price, and credits no deposit that was not paid or was refunded', async () => {
    const whole = await completedJob(t, owner, { serviceType: 'tv-mounting', lines: [], totalCents: null });
    expect((await invoiceOf(whole.id)).body).toMatchObject({
      lines: [{ description: 'TV Mounting', quantity: 1, unitCents: 12_900, taxable: false, amountCents: 12_900 }],
      totalCents: 12_900,
      depositCreditCents: 5_000,
      balanceCents: 7_900,
    });
    const unpaid = await completedJob(t, owner, { depositPaid: false, paidAt: null });
    expect((await invoiceOf(unpaid.id)).body).toMatchObject({ depositCreditCents: 0, balanceCents: 23_800 });
    const refunded = await completedJob(t, owner, { refundStatus: 'refunded' });
    expect((await invoiceOf(refunded.id)).body).toMatchObject({ depositCreditCents: 0, balanceCents: 23_800 });
  });

  it('gives a job completed before invoices existed its draft when the owner first opens it, once however many ask at once', async () => {
    const date = '2026-04-02';
    const [old] = await t.db
      .insert(bookings)
      .values({ serviceType: 'shelf-mounting', bookingDate: date, bookingTime: '9:00 AM', startsAt: startsAt(date, '9:00 AM', t.config.businessTz), fullName: 'Old Job', email: 'old@example.com', phone: '3105550100', address: '1 Main St, Venice, CA 90291', status: 'completed', depositPaid: true })
      .returning();
    const answers = await Promise.all([invoiceOf(old.id), invoiceOf(old.id), invoiceOf(old.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers[0].body).toMatchObject({ status: 'draft', totalCents: 7_900, balanceCents: 2_900 });
    expect(await rowsOf(old.id)).toHaveLength(1);
  });

  it('has no invoice for a job not completed, and none for a booking that does not exist', async () => {
    const date = '2026-06-20';
    const [ahead] = await t.db
      .insert(bookings)
      .values({ serviceType: 'tv-mounting', bookingDate: date, bookingTime: '9:00 AM', startsAt: startsAt(date, '9:00 AM', t.config.businessTz), fullName: 'Ahead', email: 'ahead@example.com', phone: '3105550100', address: '1 Main St, Venice, CA 90291', status: 'confirmed' })
      .returning();
    expect((await invoiceOf(ahead.id)).body).toEqual({ code: 'NOT_FOUND', message: `Booking #${ahead.id} has no invoice: its invoice is made when the job is marked completed.` });
    expect((await invoiceOf(ahead.id)).status).toBe(404);
    expect((await invoiceOf(987_654)).body).toEqual({ code: 'NOT_FOUND', message: 'Booking not found.' });
    expect(await rowsOf(ahead.id)).toHaveLength(0);
  });

  it('is the owner’s: a customer gets 403 and a visitor 401', async () => {
    const job = await completedJob(t, owner);
    const customer = (await sessionAs(t.db, 'customer')).cookie;
    expect((await call(t.app, 'GET', `/api/admin/bookings/${job.id}/invoice`, { headers: { cookie: customer } })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/bookings/${job.id}/invoice`, { ip: freshIp() })).status).toBe(401);
  });
});

describe('the owner’s lines, tax and discount', () => {
  it('taxes the materials lines at the setting’s rate, takes the discount off, and works the sums out again', async () => {
    expect((await asOwner(t, owner, 'GET', '/api/admin/settings')).body.materialsTaxRateBps).toBe(0);
    expect((await asOwner(t, owner, 'PATCH', '/api/admin/settings', { materialsTaxRateBps: 950 })).status).toBe(200);
    try {
      const job = await completedJob(t, owner);
      const lines = [
        { description: 'Dresser', quantity: 2, unitCents: 8_900, taxable: false },
        { description: 'Bed frame', quantity: 1, unitCents: 6_000, taxable: false },
        { description: 'Wall anchor kit', quantity: 3, unitCents: 1_999, taxable: true },
      ];
      const res = await put(job.id, { lines, discountCents: 1_000 });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.message).toBe(`The draft invoice of booking #${job.id} is saved: total $293.67, balance $243.67.`);
      expect(res.body.invoice).toMatchObject({
        status: 'draft',
        lines: [...JOB_SUMS.lines, { description: 'Wall anchor kit', quantity: 3, unitCents: 1_999, taxable: true, amountCents: 5_997 }],
        subtotalCents: 29_797,
        discountCents: 1_000,
        taxRateBps: 950,
        // 9.5 % of $59.97 is $5.697…: $5.70.
        taxCents: 570,
        totalCents: 29_367,
        balanceCents: 24_367,
      });
      expect((await rowsOf(job.id))[0]).toMatchObject({ subtotalCents: 29_797, taxCents: 570, totalCents: 29_367, discountCents: 1_000 });
    } finally {
      await asOwner(t, owner, 'PATCH', '/api/admin/settings', { materialsTaxRateBps: 0 });
    }
  });

  it('refuses a tax rate that is not whole basis points from 0 to 2500', async () => {
    for (const bad of [2_501, 9.5, -1, '950']) {
      const res = await asOwner(t, owner, 'PATCH', '/api/admin/settings', { materialsTaxRateBps: bad });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: MATERIALS_TAX_MESSAGE, errors: { materialsTaxRateBps: MATERIALS_TAX_MESSAGE } });
    }
  });

  it('refuses a discount above the subtotal and malformed lines, naming the field', async () => {
    const job = await completedJob(t, owner);
    const line = { description: 'Dresser', quantity: 1, unitCents: 8_900, taxable: false };
    const over = await put(job.id, { lines: [line], discountCents: 8_901 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ code: 'VALIDATION_ERROR', message: "The discount can't be more than the subtotal ($89.00).", errors: { discountCents: "The discount can't be more than the subtotal ($89.00)." } });
    const cases: [unknown, string, string][] = [
      [{ lines: [], discountCents: 0 }, 'lines', INVOICE_LINES_MESSAGE],
      [{ lines: [{ ...line, quantity: 0 }], discountCents: 0 }, 'lines.0.quantity', QUANTITY_MESSAGE],
      [{ lines: [line, { ...line, quantity: 1.5 }], discountCents: 0 }, 'lines.1.quantity', QUANTITY_MESSAGE],
      [{ lines: [{ ...line, description: '  ' }], discountCents: 0 }, 'lines.0.description', 'Describe the line'],
      [{ lines: [{ description: 'Dresser', quantity: 1, unitCents: 8_900 }], discountCents: 0 }, 'lines.0.taxable', TAXABLE_MESSAGE],
      [{ lines: [line], discountCents: -1 }, 'discountCents', DISCOUNT_MESSAGE],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(job.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(res.body)).toBe(message);
    }
    expect((await invoiceOf(job.id)).body.totalCents).toBe(23_800);
  });
});

describe('sending', () => {
  it('numbers the invoice, marks it sent, and emails the customer the lines, the balance and a link that only its hash is kept of', async () => {
    const job = await completedJob(t, owner);
    const res = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/invoice/send`);
    expect(res.status, res.raw).toBe(200);
    const number = res.body.invoice.number;
    expect(number).toMatch(/^INV-2026-\d{4}$/);
    expect(res.body.message).toBe(`Invoice ${number} is sent to ${job.email}.`);
    expect(res.body.invoice).toMatchObject({ status: 'sent', sentAt: NOW.replace('Z', '.000Z'), balanceCents: 18_800 });
    expect(await textsTo(t, '+13105550142')).toHaveLength(0);

    const queued = await invoiceEmailTo(t, job.email);
    expect(queued.subject).toBe(`Invoice ${number} from Westside Assembly Pros: $188.00 due`);
    expect(queued.textBody).toContain('http://localhost:5000/invoice/{{link-token}}');
    const { text } = await sendEmailNow(t.app, queued.id);
    const token = invoiceTokenIn(text);
    expect(text).toContain(`Hi Casey Morgan, thank you for choosing Westside Assembly Pros for your Furniture Assembly on`);
    for (const row of ['2 × Dresser: $178.00', '1 × Bed frame: $60.00', 'Total: $238.00', 'Deposit paid: −$50.00', 'Balance due: $188.00', 'The balance is $188.00.']) {
      expect(text).toContain(row);
    }
    expect(text).toContain(`http://localhost:5000/invoice/${token}`);
    const opened = await call(t.app, 'GET', `/api/invoices/${token}`, { ip: freshIp() });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ number, status: 'sent', balanceCents: 18_800 });
    // Only the token's SHA-256 is kept.
    const links = await t.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, res.body.invoice.id));
    expect(links.map((l) => l.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(links)).not.toContain(token);
    expect((await rowsOf(job.id))[0].number).toBe(number);
  });

  it('texts a customer who asked for texts, with the link', async () => {
    const job = await completedJob(t, owner, { smsOptIn: true, phone: '(310) 555-0177' });
    const res = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/invoice/send`);
    const number = res.body.invoice.number;
    expect(res.body.message).toBe(`Invoice ${number} is sent to ${job.email} and texted to (310) 555-0177.`);
    const [text] = await textsTo(t, '+13105550177');
    expect(text).toMatchObject({ kind: 'invoice', linkKind: 'invoice', linkRef: res.body.invoice.id });
    expect(text.body).toBe(`Westside Assembly Pros: invoice ${number} for your Furniture Assembly, $188.00 due. View and pay: http://localhost:5000/invoice/{{link-token}} Reply STOP to stop texts.`);
  });

  it('sends a sent invoice again after an edit, and refuses a paid or void one', async () => {
    const job = await completedJob(t, owner);
    const first = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/invoice/send`);
    const edited = await put(job.id, { lines: [{ description: 'Dresser', quantity: 2, unitCents: 8_900, taxable: false }], discountCents: 0 });
    expect(edited.body.invoice).toMatchObject({ status: 'sent', number: first.body.invoice.number, balanceCents: 12_800 });
    const again = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/invoice/send`);
    expect(again.status).toBe(200);
    expect(again.body.invoice.number).toBe(first.body.invoice.number);
    expect((await invoiceEmailTo(t, job.email)).subject).toBe(`Invoice ${first.body.invoice.number} from Westside Assembly Pros: $128.00 due`);

    const paid = await pay(first.body.invoice.id, { method: 'cash', amountCents: 12_800 });
    expect(paid.body.invoice.status).toBe('paid');
    const refused = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/invoice/send`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'INVALID_STATUS', message: `Invoice ${first.body.invoice.number} is paid in full; there is nothing to send.` });
  });

  it('makes an invoice the deposit covers paid when it is sent', async () => {
    const job = await completedJob(t, owner, { serviceType: 'shelf-mounting', lines: [], totalCents: null });
    await put(job.id, { lines: [{ description: 'One shelf', quantity: 1, unitCents: 4_500, taxable: false }], discountCents: 0 });
    const sent = await asOwner(t, owner, 'POST', `/api/admin/bookings/${job.id}/invoice/send`);
    expect(sent.body.invoice).toMatchObject({ status: 'paid', balanceCents: 0, paidAt: NOW.replace('Z', '.000Z') });
    // Paid as it is sent: the receipt is the one email (issue 23, part 5), no invoice with nothing to pay.
    expect(sent.body.message).toBe(`Invoice ${sent.body.invoice.number} is paid in full by the deposit; its receipt is sent to ${job.email}.`);
    expect(await invoiceEmailTo(t, job.email)).toBeUndefined();
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email));
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([['invoice_receipt', `Receipt for invoice ${sent.body.invoice.number} from Westside Assembly Pros: paid in full`]]);
  });
});

describe('payments by hand', () => {
  it('takes partial payments (partly paid), then the rest (paid), and never more than the balance', async () => {
    const job = await completedJob(t, owner);
    const { number } = await sendInvoiceAndOpen(t, owner, job);
    const id = (await invoiceOf(job.id)).body.id;
    const first = await pay(id, { method: 'cash', amountCents: 8_000, note: 'Paid on site' });
    expect(first.status, first.raw).toBe(201);
    expect(first.body.message).toBe(`Recorded $80.00 in cash on invoice ${number}. Balance: $108.00.`);
    expect(first.body.invoice).toMatchObject({ status: 'partly_paid', paidCents: 8_000, balanceCents: 10_800, paidAt: null });
    expect(first.body.invoice.payments).toEqual([{ id: expect.any(Number), method: 'cash', amountCents: 8_000, tipCents: 0, excessCents: 0, note: 'Paid on site', createdAt: NOW.replace('Z', '.000Z'), refundedCents: 0 }]);

    const over = await pay(id, { method: 'zelle', amountCents: 10_801 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ code: 'VALIDATION_ERROR', message: 'The balance is $108.00: record at most that.', errors: { amountCents: 'The balance is $108.00: record at most that.' } });
    const locked = await put(job.id, { lines: [{ description: 'Dresser', quantity: 1, unitCents: 1, taxable: false }], discountCents: 0 });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(`Invoice ${number} has payments recorded and can no longer be changed.`);

    clock.advance(60_000);
    const rest = await pay(id, { method: 'zelle', amountCents: 10_800 });
    expect(rest.body.message).toBe(`Recorded $108.00 by Zelle on invoice ${number}. It is paid in full; the customer is emailed the receipt.`);
    expect(rest.body.invoice).toMatchObject({ status: 'paid', paidCents: 18_800, balanceCents: 0, paidAt: '2026-06-10T17:01:00.000Z' });
    const more = await pay(id, { method: 'venmo', amountCents: 100 });
    expect(more.status).toBe(409);
    expect(more.body).toEqual({ code: 'INVALID_STATUS', message: `Invoice ${number} is paid in full.` });
    const refund = await asOwner(t, owner, 'POST', `/api/admin/invoices/${id}/refund`, { amountCents: 100 });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(`Invoice ${number} has no card payment to refund.`);
  });

  it('issues a draft paid on site: it takes its number without being sent', async () => {
    const job = await completedJob(t, owner);
    const id = (await invoiceOf(job.id)).body.id;
    const res = await pay(id, { method: 'check', amountCents: 18_800 });
    expect(res.status).toBe(201);
    expect(res.body.invoice).toMatchObject({ status: 'paid', number: expect.stringMatching(/^INV-2026-\d{4}$/), sentAt: null });
  });

  it('refuses another method, an amount that is not whole cents above zero, and an invoice that does not exist', async () => {
    const job = await completedJob(t, owner);
    const id = (await invoiceOf(job.id)).body.id;
    expect((await pay(id, { method: 'bitcoin', amountCents: 100 })).body.errors).toEqual({ method: METHOD_MESSAGE });
    expect((await pay(id, { method: 'card', amountCents: 100 })).body.errors).toEqual({ method: METHOD_MESSAGE });
    for (const amountCents of [0, -5, 10.5, '100']) expect((await pay(id, { method: 'cash', amountCents })).status).toBe(400);
    expect((await pay(987_654, { method: 'cash', amountCents: 100 })).body).toEqual({ code: 'NOT_FOUND', message: 'Invoice not found.' });
  });
});

describe('voiding', () => {
  it('voids an unpaid invoice, whose link then opens nothing, and refuses one with payments', async () => {
    const draft = await completedJob(t, owner);
    const draftId = (await invoiceOf(draft.id)).body.id;
    const voided = await asOwner(t, owner, 'POST', `/api/admin/invoices/${draftId}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.message).toBe(`The draft invoice of booking #${draft.id} is void; its links no longer open it.`);
    expect(voided.body.invoice).toMatchObject({ status: 'void', number: null, voidedAt: NOW.replace('Z', '.000Z') });
    expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${draftId}/void`)).body).toEqual({ code: 'INVALID_STATUS', message: `The draft invoice of booking #${draft.id} is void already.` });
    expect((await put(draft.id, { lines: [{ description: 'x', quantity: 1, unitCents: 1, taxable: false }], discountCents: 0 })).status).toBe(409);
    expect((await pay(draftId, { method: 'cash', amountCents: 100 })).status).toBe(409);

    const sent = await completedJob(t, owner);
    const { token, number } = await sendInvoiceAndOpen(t, owner, sent);
    const sentId = (await invoiceOf(sent.id)).body.id;
    expect((await asOwner(t, owner, 'POST', `/api/admin/invoices/${sentId}/void`)).body.invoice).toMatchObject({ status: 'void', number });
    const gone = await call(t.app, 'GET', `/api/invoices/${token}`, { ip: freshIp() });
    const unknown = await call(t.app, 'GET', `/api/invoices/${'x'.repeat(43)}`, { ip: freshIp() });
    expect(gone.status).toBe(404);
    expect(gone.raw).toBe(unknown.raw);
    expect((await asOwner(t, owner, 'POST', `/api/admin/bookings/${sent.id}/invoice/send`)).body.message).toBe(`Invoice ${number} is void and cannot be sent.`);

    const paid = await completedJob(t, owner);
    const paidId = (await invoiceOf(paid.id)).body.id;
    await pay(paidId, { method: 'cash', amountCents: 1_000 });
    const refused = await asOwner(t, owner, 'POST', `/api/admin/invoices/${paidId}/void`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Invoice INV-2026-\d{4} has payments recorded and cannot be voided\.$/);
  });
});
