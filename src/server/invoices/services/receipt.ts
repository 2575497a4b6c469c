import { todayInZone } from '../../../shared/business-time';
import { balanceCents } from '../../../shared/invoice-money';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { LINK_TOKEN, invoiceReceiptEmail, queueEmail, withServiceName, type InvoiceReceiptFacts } from '../../messaging';
import { openReviewRequest } from '../../reviews';
import { getSettings } from '../../settings';
import { invoicePaidNotice, queuePush } from '../../push';
import { findInvoice, findInvoiceBooking, listInvoicePayments, listInvoiceRefunds, type InvoiceRow } from '../repositories/invoices';
import { invoiceLabel, invoiceMoney } from './invoices';
import { renderReceiptPdf, type ReceiptData, type ReceiptPaymentMethod } from './receipt-pdf';
import { invoiceOfToken } from './send';

/**
 * The receipt of a paid invoice (decision 0021): its email, queued once in the transaction that
 * made the invoice paid, with the PDF made when the email goes out, and the PDF for the
 * customer's link and the owner. The review request goes with it when the job's request was
 * left waiting for the payment, so the customer gets one message after the job, not two.
 */

export interface ReceiptDeps {
  now: Date;
  timeZone: string;
  publicUrl: string;
}

/** The receipt's facts: the invoice, its booking, its payments, and the business as the owner describes it now. */
async function receiptData(db: DbOrTx, inv: InvoiceRow, timeZone: string): Promise<ReceiptData> {
  const booking = (await findInvoiceBooking(db, inv.bookingId))!;
  const { serviceName } = await withServiceName(db, booking);
  const { name, address, serviceRadius, phone, email } = (await getSettings(db)).business;
  const payments = await listInvoicePayments(db, inv.id);
  // What the owner gave back; an overpayment refunded at once was never counted as paid.
  const refunds = (await listInvoiceRefunds(db, inv.id)).filter((r) => r.reason === 'owner' && r.status !== 'failed');
  const day = (at: Date) => todayInZone(at, timeZone);
  const issued = inv.sentAt ?? payments[0]?.createdAt ?? inv.paidAt ?? inv.createdAt;
  const m = invoiceMoney(inv);
  return {
    business: { name, address, serviceArea: serviceRadius, phone, email },
    number: inv.number!,
    issuedOn: day(issued),
    paidOn: inv.paidAt ? day(inv.paidAt) : null,
    jobDate: booking.bookingDate,
    serviceName,
    customer: { name: booking.fullName, email: booking.email, address: booking.address },
    lines: m.lines,
    subtotalCents: m.subtotalCents,
    discountCents: m.discountCents,
    taxRateBps: m.taxRateBps,
    taxCents: m.taxCents,
    totalCents: m.totalCents,
    depositCreditCents: m.depositCreditCents,
    payments: payments.map((p) => ({ method: p.method as ReceiptPaymentMethod, date: day(p.createdAt), amountCents: p.amountCents, tipCents: p.tipCents })),
    paidCents: m.paidCents,
    tipCents: m.tipCents,
    refundedCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
    balanceCents: m.balanceCents,
  };
}

/** The file name the receipt goes by: receipt-INV-2026-0001.pdf. */
export const receiptFilename = (number: string) => `receipt-${number}.pdf`;

/**
 * The receipt PDF of invoice `id` as it is now, for the outbox (its email's attachment, made as it
 * goes out); null when the invoice is gone or has no number.
 */
export async function invoiceReceiptPdf(db: DbOrTx, id: number, timeZone: string): Promise<Buffer | null> {
  const inv = await findInvoice(db, id);
  if (!inv?.number) return null;
  return renderReceiptPdf(await receiptData(db, inv, timeZone));
}

/** GET /api/invoices/:token/receipt.pdf: the customer's receipt, once the invoice is paid; before that the link's usual 404. */
export async function customerReceiptPdf(db: DbOrTx, token: string, timeZone: string): Promise<{ filename: string; pdf: Buffer }> {
  const inv = await invoiceOfToken(db, token);
  if (inv.status !== 'paid') throw new NotFoundError('This receipt is made once the invoice is paid in full.');
  return { filename: receiptFilename(inv.number!), pdf: await renderReceiptPdf(await receiptData(db, inv, timeZone)) };
}

/** GET /api/admin/invoices/:id/receipt.pdf: the owner's copy of a paid invoice's receipt. */
export async function adminReceiptPdf(db: DbOrTx, id: number, timeZone: string): Promise<{ filename: string; pdf: Buffer }> {
  const inv = await findInvoice(db, id);
  if (!inv) throw new NotFoundError('Invoice not found.');
  if (inv.status !== 'paid') throw new ConflictError(`${invoiceLabel(inv)} is not paid in full: its receipt is made once it is.`, 'INVALID_STATUS');
  return { filename: receiptFilename(inv.number!), pdf: await renderReceiptPdf(await receiptData(db, inv, timeZone)) };
}

/**
 * Queues the receipt email of `after` when this change made it paid (`before` was not): call it
 * in the transaction holding the invoice's lock, so the change happens once and so does the
 * email (its dedupe key backs that). The review request goes inside it when the job's request is
 * still to be made. True when a receipt was queued.
 */
export async function queueReceiptIfPaid(tx: DbOrTx, before: Pick<InvoiceRow, 'status'>, after: InvoiceRow, deps: ReceiptDeps): Promise<boolean> {
  if (before.status === 'paid' || after.status !== 'paid') return false;
  const booking = (await findInvoiceBooking(tx, after.bookingId))!;
  const { serviceName } = await withServiceName(tx, booking);
  const { name, phone, email } = (await getSettings(tx)).business;
  const business = { name, phone, email };
  const reviewId = await openReviewRequest(tx, after.bookingId, deps.now);
  const facts: InvoiceReceiptFacts = {
    ...after,
    number: after.number!,
    customerName: booking.fullName,
    email: booking.email,
    serviceName,
    jobDate: booking.bookingDate,
    balanceCents: balanceCents(after),
  };
  await queuePush(tx, invoicePaidNotice({ id: after.id, number: facts.number, customerName: booking.fullName, totalCents: after.totalCents }), deps.now);
  const message =
    reviewId !== null
      ? invoiceReceiptEmail(facts, { business, review: `${deps.publicUrl}/review/${LINK_TOKEN}` })
      : invoiceReceiptEmail(facts, { business, link: `${deps.publicUrl}/invoice/${LINK_TOKEN}` });
  return queueEmail(tx, {
    ...message,
    attachments: [{ filename: receiptFilename(facts.number), contentType: 'application/pdf', content: '', render: { kind: 'invoice_receipt', ref: after.id, timeZone: deps.timeZone } }],
    link: reviewId !== null ? { kind: 'review', ref: reviewId } : { kind: 'invoice', ref: after.id },
  });
}
