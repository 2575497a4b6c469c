import { serviceTypeLabel } from '../../../shared/constants';
import { balanceCents, invoiceTotals, issuedStatus, lineAmountCents } from '../../../shared/invoice-money';
import type { AdminInvoice, InvoiceLine, UpdateInvoiceInput } from '../../../shared/schemas/invoices';
import type { Db, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { formatCents } from '../../messaging';
import { findServiceBySlug } from '../../schedule';
import { getSettings } from '../../settings';
import {
  findInvoiceBooking,
  findInvoiceOfBooking,
  insertInvoiceIfMissing,
  listInvoicePayments,
  listInvoiceRefunds,
  lockInvoice,
  refundedByPayment,
  updateInvoice,
  type InvoiceBooking,
  type InvoiceRow,
} from '../repositories/invoices';
import { queueReceiptIfPaid } from './receipt';

/**
 * A completed job's invoice (decision 0021): made as a draft when the owner completes the job,
 * edited while nobody has paid, then sent, paid or voided. Every change of its money runs in one
 * transaction holding the invoice's row lock (lockInvoice).
 */

export interface InvoiceDeps {
  db: Db;
  now: Date;
  timeZone: string;
}

/** For a change that may make the invoice paid: its receipt's links are made on the site's address. */
export interface PayingDeps extends InvoiceDeps {
  publicUrl: string;
}

const money = (cents: number) => formatCents(cents, { alwaysCents: true });

/** How the owner's messages name an invoice: its number, or the booking's draft before it has one. */
export function invoiceLabel(inv: Pick<InvoiceRow, 'number' | 'bookingId'>): string {
  return inv.number ? `Invoice ${inv.number}` : `The draft invoice of booking #${inv.bookingId}`;
}

/** The deposit counted toward the job: paid, and not owed back (refunded, or on its way). */
function depositCredit(b: Pick<InvoiceBooking, 'depositPaid' | 'depositAmount' | 'refundStatus'>): number {
  return b.depositPaid && (b.refundStatus === 'none' || b.refundStatus === 'kept') ? b.depositAmount : 0;
}

/** The draft's lines: the booking's lines as priced, or its service at its price for a job booked as a whole. */
async function draftLines(db: DbOrTx, b: Pick<InvoiceBooking, 'serviceType' | 'lines'>): Promise<InvoiceLine[]> {
  if (b.lines.length > 0) return b.lines.map((l) => ({ description: l.name, quantity: l.quantity, unitCents: l.unitCents, taxable: false }));
  const service = await findServiceBySlug(db, b.serviceType);
  return [{ description: service?.name ?? serviceTypeLabel(b.serviceType), quantity: 1, unitCents: service?.price ?? 0, taxable: false }];
}

/**
 * Makes the draft invoice of a booking the owner just completed, unless it has one: its lines,
 * the materials tax rate in force, the deposit credited. Call it in the completing transaction,
 * so the draft exists exactly when the completion was committed. Safe to repeat. Answers what the
 * booking's invoice leaves to pay (none when the deposit covers the job), or null without a booking.
 */
export async function createDraftInvoice(tx: DbOrTx, bookingId: number, now: Date): Promise<{ balanceCents: number } | null> {
  const booking = await findInvoiceBooking(tx, bookingId);
  if (!booking) return null;
  const lines = await draftLines(tx, booking);
  const taxRateBps = (await getSettings(tx)).materialsTaxRateBps;
  const totals = invoiceTotals(lines, 0, taxRateBps);
  await insertInvoiceIfMissing(tx, {
    bookingId,
    status: 'draft',
    lines,
    discountCents: 0,
    taxRateBps,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    depositCreditCents: depositCredit(booking),
    createdAt: now,
    updatedAt: now,
  });
  const inv = await findInvoiceOfBooking(tx, bookingId);
  return inv ? { balanceCents: balanceCents(inv) } : null;
}

/**
 * The booking's invoice, locked. A completed job without one (completed before invoices
 * existed) gets its draft now; any other booking has none: 404.
 */
export async function lockInvoiceOfBooking(tx: DbOrTx, bookingId: number, now: Date): Promise<InvoiceRow> {
  const existing = await lockInvoice(tx, { bookingId });
  if (existing) return existing;
  const booking = await findInvoiceBooking(tx, bookingId);
  if (!booking) throw new NotFoundError('Booking not found.');
  if (booking.status !== 'completed') throw new NotFoundError(`Booking #${bookingId} has no invoice: its invoice is made when the job is marked completed.`);
  await createDraftInvoice(tx, bookingId, now);
  const created = await lockInvoice(tx, { bookingId });
  if (!created) throw new NotFoundError('Booking not found.');
  return created;
}

/** The invoice by id, locked; 404 when there is none. */
export async function lockInvoiceById(tx: DbOrTx, id: number): Promise<InvoiceRow> {
  const inv = await lockInvoice(tx, { id });
  if (!inv) throw new NotFoundError('Invoice not found.');
  return inv;
}

/** The invoice as the owner's screens read it: its money, its payments and their refunds. */
export async function toAdminInvoice(db: DbOrTx, inv: InvoiceRow): Promise<AdminInvoice> {
  const payments = await listInvoicePayments(db, inv.id);
  const refunded = await refundedByPayment(
    db,
    payments.map((p) => p.id),
  );
  const refunds = await listInvoiceRefunds(db, inv.id);
  return {
    id: inv.id,
    bookingId: inv.bookingId,
    number: inv.number,
    status: inv.status as AdminInvoice['status'],
    ...invoiceMoney(inv),
    refundedCents: inv.refundedCents,
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method as AdminInvoice['payments'][number]['method'],
      amountCents: p.amountCents,
      tipCents: p.tipCents,
      excessCents: p.excessCents,
      note: p.note,
      createdAt: p.createdAt.toISOString(),
      refundedCents: refunded.get(p.id) ?? 0,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      paymentId: r.paymentId,
      amountCents: r.amountCents,
      status: r.status as 'pending' | 'refunded' | 'failed',
      reason: r.reason as 'owner' | 'overpayment',
      createdAt: r.createdAt.toISOString(),
    })),
    sentAt: inv.sentAt?.toISOString() ?? null,
    paidAt: inv.paidAt?.toISOString() ?? null,
    voidedAt: inv.voidedAt?.toISOString() ?? null,
    createdAt: inv.createdAt.toISOString(),
  };
}

/** The sums the owner and the customer both see. */
export function invoiceMoney(inv: InvoiceRow) {
  return {
    lines: inv.lines.map((l) => ({ ...l, amountCents: lineAmountCents(l) })),
    subtotalCents: inv.subtotalCents,
    discountCents: inv.discountCents,
    taxRateBps: inv.taxRateBps,
    taxCents: inv.taxCents,
    totalCents: inv.totalCents,
    depositCreditCents: inv.depositCreditCents,
    paidCents: inv.paidCents,
    tipCents: inv.tipCents,
    balanceCents: balanceCents(inv),
  };
}

/**
 * The status and paid time of an issued invoice after its money changed: paid once the balance
 * is nothing (stamped then, kept after), else partly paid or sent.
 */
export function settledStatus(inv: InvoiceRow, money: { totalCents: number; depositCreditCents: number; paidCents: number }, now: Date) {
  const status = issuedStatus(money);
  return { status, paidAt: status === 'paid' ? (inv.paidAt ?? now) : null };
}

/** GET /api/admin/bookings/:id/invoice */
export async function getBookingInvoice(deps: InvoiceDeps, bookingId: number): Promise<AdminInvoice> {
  return deps.db.transaction(async (tx) => toAdminInvoice(tx, await lockInvoiceOfBooking(tx, bookingId, deps.now)));
}

/**
 * PUT /api/admin/bookings/:id/invoice: the owner's lines and discount, while nobody has paid
 * (a draft, or sent and unpaid). The sums are worked out again at the materials tax rate in force.
 */
export async function updateBookingInvoice(deps: PayingDeps, bookingId: number, input: UpdateInvoiceInput) {
  return deps.db.transaction(async (tx) => {
    const inv = await lockInvoiceOfBooking(tx, bookingId, deps.now);
    if (inv.status !== 'draft' && inv.status !== 'sent') throw notEditable(inv);
    const taxRateBps = (await getSettings(tx)).materialsTaxRateBps;
    const totals = invoiceTotals(input.lines, input.discountCents, taxRateBps);
    if (input.discountCents > totals.subtotalCents) {
      const message = `The discount can't be more than the subtotal (${money(totals.subtotalCents)}).`;
      throw new ValidationError(message, { discountCents: message });
    }
    const sums = { subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents };
    const status = inv.status === 'draft' ? { status: 'draft', paidAt: null } : settledStatus(inv, { ...inv, ...sums }, deps.now);
    const updated = await updateInvoice(tx, inv.id, { lines: input.lines, discountCents: input.discountCents, taxRateBps, ...sums, ...status, updatedAt: deps.now });
    // A sent invoice the deposit now covers is paid: its receipt goes out.
    const receipt = (await queueReceiptIfPaid(tx, inv, updated, deps)) ? ' It is paid in full; the customer is emailed the receipt.' : '';
    return { invoice: await toAdminInvoice(tx, updated), message: `${invoiceLabel(updated)} is saved: total ${money(updated.totalCents)}, balance ${money(balanceCents(updated))}.${receipt}` };
  });
}

function notEditable(inv: InvoiceRow): ConflictError {
  if (inv.status === 'void') return new ConflictError(`${invoiceLabel(inv)} is void and can no longer be changed.`, 'INVALID_STATUS');
  return new ConflictError(`${invoiceLabel(inv)} has payments recorded and can no longer be changed.`, 'INVALID_STATUS');
}

/** POST /api/admin/invoices/:id/void: only an invoice nobody has paid anything on. */
export async function voidInvoice(deps: InvoiceDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const inv = await lockInvoiceById(tx, id);
    if (inv.status === 'void') throw new ConflictError(`${invoiceLabel(inv)} is void already.`, 'INVALID_STATUS');
    if (inv.paidCents + inv.tipCents > 0 || (await listInvoicePayments(tx, inv.id)).length > 0) {
      throw new ConflictError(`${invoiceLabel(inv)} has payments recorded and cannot be voided.`, 'INVALID_STATUS');
    }
    const updated = await updateInvoice(tx, inv.id, { status: 'void', voidedAt: deps.now, paidAt: null, updatedAt: deps.now });
    return { invoice: await toAdminInvoice(tx, updated), message: `${invoiceLabel(updated)} is void; its links no longer open it.` };
  });
}
