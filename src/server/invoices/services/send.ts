import { randomUUID, timingSafeEqual } from 'node:crypto';
import { balanceCents, invoiceNumber } from '../../../shared/invoice-money';
import { INVOICE_LINK_INVALID_MESSAGE } from '../../../shared/schemas/invoices';
import type { DbOrTx } from '../../db/client';
import { hashToken, newToken } from '../../accounts';
import { ConflictError, NotFoundError } from '../../errors';
import { LINK_TOKEN, canTextBooking, invoiceEmail, invoiceTextBody, queueEmail, queueText, toUsE164, withServiceName, type InvoiceMessageFacts } from '../../messaging';
import { todayInZone } from '../../schedule';
import { getSettings } from '../../settings';
import { findInvoiceLink, insertInvoiceLink } from '../repositories/invoice-links';
import { findInvoice, findInvoiceBooking, takeInvoiceSequence, updateInvoice, type InvoiceRow } from '../repositories/invoices';
import { invoiceLabel, lockInvoiceOfBooking, settledStatus, toAdminInvoice, type PayingDeps } from './invoices';
import { queueReceiptIfPaid } from './receipt';

/**
 * Issuing and sending invoices (decision 0021). An invoice gets its number when it is issued:
 * when first sent, or when the owner records a payment on a draft (a job paid on site). Drafts
 * that are never issued (voided, or left) take no number, so the year's numbers have no gaps.
 */

/** The tokens of invoice links: 32 random bytes as base64url, as the manage links' (decision 0013). */
const INVOICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The invoice's number, taken now if it has none: the next of the year on the business's clock,
 * under the year's counter lock held until the caller's transaction ends.
 */
export async function issueNumber(tx: DbOrTx, inv: InvoiceRow, now: Date, timeZone: string): Promise<string> {
  if (inv.number) return inv.number;
  const year = Number(todayInZone(now, timeZone).slice(0, 4));
  return invoiceNumber(year, await takeInvoiceSequence(tx, year));
}

export interface SendDeps extends PayingDeps {
  /** Texts are configured (Twilio); a customer who asked for texts gets one too. */
  textsEnabled: boolean;
}

/**
 * POST /api/admin/bookings/:id/invoice/send: issues the invoice (its number, status sent, or
 * paid when the deposit covers it) and queues its email, and a text when texts are on and the
 * customer asked for them, in the same transaction. Each carries its own private link, made as
 * it goes out. Sending again (after an edit, or as a reminder) sends again; a paid or void
 * invoice is not sent. An invoice the deposit covers is paid as it is sent: its receipt is the
 * one email then (with the review request when it waited), not an invoice with nothing to pay.
 */
export async function sendInvoice(deps: SendDeps, bookingId: number) {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const inv = await lockInvoiceOfBooking(tx, bookingId, now);
    if (inv.status === 'void') throw new ConflictError(`${invoiceLabel(inv)} is void and cannot be sent.`, 'INVALID_STATUS');
    if (inv.status === 'paid') throw new ConflictError(`${invoiceLabel(inv)} is paid in full; there is nothing to send.`, 'INVALID_STATUS');
    const number = await issueNumber(tx, inv, now, deps.timeZone);
    const status = inv.status === 'draft' ? settledStatus(inv, inv, now) : { status: inv.status, paidAt: inv.paidAt };
    const sent = await updateInvoice(tx, inv.id, { number, ...status, sentAt: now, updatedAt: now });
    const booking = (await findInvoiceBooking(tx, bookingId))!;
    if (await queueReceiptIfPaid(tx, inv, sent, deps)) {
      return { invoice: await toAdminInvoice(tx, sent), message: `Invoice ${number} is paid in full by the deposit; its receipt is sent to ${booking.email}.` };
    }

    const { serviceName } = await withServiceName(tx, booking);
    const business = (await getSettings(tx)).business;
    const facts: InvoiceMessageFacts = { ...sent, number, customerName: booking.fullName, email: booking.email, serviceName, jobDate: booking.bookingDate, balanceCents: balanceCents(sent) };
    const link = { kind: 'invoice' as const, ref: inv.id };
    const url = `${deps.publicUrl}/invoice/${LINK_TOKEN}`;
    await queueEmail(tx, { ...invoiceEmail(facts, { link: url, business }), link });
    const phone = toUsE164(booking.phone);
    const texted = phone !== null && canTextBooking(booking, deps.textsEnabled);
    if (texted) await queueText(tx, { kind: 'invoice', to: phone, body: invoiceTextBody(facts, { link: url, business }), dedupeKey: `invoice-${inv.id}-${randomUUID()}`, link }, now);

    const to = texted ? `${booking.email} and texted to ${booking.phone}` : booking.email;
    return { invoice: await toAdminInvoice(tx, sent), message: `Invoice ${number} is sent to ${to}.` };
  });
}

/**
 * Makes a new token for the invoice's link (in the sender's transaction, as its email or text
 * goes out) and stores its hash; older links keep working. Null when the invoice is gone or void.
 */
export async function mintInvoiceToken(tx: DbOrTx, invoiceId: number, now: Date): Promise<string | null> {
  const inv = await findInvoice(tx, invoiceId);
  if (!inv || inv.status === 'void') return null;
  const token = newToken();
  await insertInvoiceLink(tx, { tokenHash: hashToken(token), invoiceId, createdAt: now });
  return token;
}

/**
 * The invoice a link's token opens: looked up by the token's hash, then the hashes compared in
 * constant time. A token of the wrong shape, an unknown one and a void invoice's all get the same
 * 404, so a link tells nothing about invoices it does not open.
 */
export async function invoiceOfToken(db: DbOrTx, token: string): Promise<InvoiceRow> {
  const invalid = () => new NotFoundError(INVOICE_LINK_INVALID_MESSAGE);
  if (!INVOICE_TOKEN.test(token)) throw invalid();
  const hash = Buffer.from(hashToken(token), 'hex');
  const link = await findInvoiceLink(db, hash.toString('hex'));
  const stored = link ? Buffer.from(link.tokenHash, 'hex') : Buffer.alloc(hash.length);
  const matches = stored.length === hash.length && timingSafeEqual(stored, hash);
  // A link is made only as an issued invoice's email goes out: a draft here was never sent.
  if (!link || !matches || link.invoice.status === 'void' || link.invoice.status === 'draft') throw invalid();
  return link.invoice;
}
