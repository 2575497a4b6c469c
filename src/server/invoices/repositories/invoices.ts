import { and, asc, eq, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, invoiceCounters, invoicePayments, invoiceRefunds, invoices, reviews } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type InvoiceRefundRow = typeof invoiceRefunds.$inferSelect;

/** Inserts a booking's draft unless it has an invoice already; the new row, or undefined. */
export async function insertInvoiceIfMissing(db: DbOrTx, values: NewInvoiceRow): Promise<InvoiceRow | undefined> {
  const [row] = await db.insert(invoices).values(values).onConflictDoNothing({ target: invoices.bookingId }).returning();
  return row;
}

export async function findInvoiceOfBooking(db: DbOrTx, bookingId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).limit(1);
  return row;
}

/**
 * The invoice, locked until the transaction ends: every change of its money takes this lock
 * first, so two payments, a payment and an edit, or two sends take turns (decision 0021).
 */
export async function lockInvoice(tx: DbOrTx, by: { id: number } | { bookingId: number }): Promise<InvoiceRow | undefined> {
  const where = 'id' in by ? eq(invoices.id, by.id) : eq(invoices.bookingId, by.bookingId);
  const [row] = await tx.select().from(invoices).where(where).limit(1).for('update');
  return row;
}

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

export async function updateInvoice(tx: DbOrTx, id: number, set: Partial<Omit<NewInvoiceRow, 'id' | 'bookingId'>>): Promise<InvoiceRow> {
  const [row] = await tx.update(invoices).set(set).where(eq(invoices.id, id)).returning();
  return row;
}

/**
 * The next invoice number of `year`: the year's counter row raised by one and returned, its row
 * lock held until the transaction ends. A second issuer waits for the first to commit (then
 * takes the next number) or roll back (then takes the same one): no gaps, no repeats.
 */
export async function takeInvoiceSequence(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row.lastNumber;
}

/** The booking facts an invoice shows and is sent with. */
export async function findInvoiceBooking(db: DbOrTx, bookingId: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      serviceType: bookings.serviceType,
      bookingDate: bookings.bookingDate,
      fullName: bookings.fullName,
      email: bookings.email,
      phone: bookings.phone,
      address: bookings.address,
      smsOptIn: bookings.smsOptIn,
      depositPaid: bookings.depositPaid,
      depositAmount: bookings.depositAmount,
      refundStatus: bookings.refundStatus,
      lines: bookings.lines,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
export type InvoiceBooking = NonNullable<Awaited<ReturnType<typeof findInvoiceBooking>>>;

// Payments and refunds

export function listInvoicePayments(db: DbOrTx, invoiceId: number): Promise<InvoicePaymentRow[]> {
  return db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(asc(invoicePayments.id));
}

/** Records a payment; undefined when its provider intent is recorded already (the unique index). */
export async function insertInvoicePayment(tx: DbOrTx, values: typeof invoicePayments.$inferInsert): Promise<InvoicePaymentRow | undefined> {
  const [row] = await tx.insert(invoicePayments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPaymentByIntent(db: DbOrTx, intentId: string): Promise<InvoicePaymentRow | undefined> {
  const [row] = await db.select().from(invoicePayments).where(eq(invoicePayments.providerIntentId, intentId)).limit(1);
  return row;
}

export async function findInvoicePayment(db: DbOrTx, id: number): Promise<InvoicePaymentRow | undefined> {
  const [row] = await db.select().from(invoicePayments).where(eq(invoicePayments.id, id)).limit(1);
  return row;
}

/** Every refund of the invoice's payments, oldest first. */
export function listInvoiceRefunds(db: DbOrTx, invoiceId: number): Promise<InvoiceRefundRow[]> {
  return db
    .select({ refund: invoiceRefunds })
    .from(invoiceRefunds)
    .innerJoin(invoicePayments, eq(invoicePayments.id, invoiceRefunds.paymentId))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoiceRefunds.id))
    .then((rows) => rows.map((r) => r.refund));
}

export async function insertInvoiceRefund(tx: DbOrTx, values: typeof invoiceRefunds.$inferInsert): Promise<InvoiceRefundRow> {
  const [row] = await tx.insert(invoiceRefunds).values(values).returning();
  return row;
}

/** The refund and its payment (for the intent and the invoice), found by id or by the provider's refund id. */
export async function findInvoiceRefund(db: DbOrTx, by: { id: number } | { providerRefundId: string }) {
  const where = 'id' in by ? eq(invoiceRefunds.id, by.id) : eq(invoiceRefunds.providerRefundId, by.providerRefundId);
  const [row] = await db.select({ refund: invoiceRefunds, payment: invoicePayments }).from(invoiceRefunds).innerJoin(invoicePayments, eq(invoicePayments.id, invoiceRefunds.paymentId)).where(where).limit(1);
  return row;
}

/** Refunds of one card payment still pending (a webhook about the charge names only its intent). */
export function listPendingRefundsOfIntent(db: DbOrTx, intentId: string) {
  return db
    .select({ refund: invoiceRefunds, payment: invoicePayments })
    .from(invoiceRefunds)
    .innerJoin(invoicePayments, eq(invoicePayments.id, invoiceRefunds.paymentId))
    .where(and(eq(invoicePayments.providerIntentId, intentId), eq(invoiceRefunds.status, 'pending')))
    .orderBy(asc(invoiceRefunds.id));
}

export async function updateInvoiceRefund(
  tx: DbOrTx,
  id: number,
  set: { status: 'pending' | 'refunded' | 'failed'; providerRefundId: string | null; now: Date },
): Promise<InvoiceRefundRow> {
  const [row] = await tx
    .update(invoiceRefunds)
    .set({ status: set.status, providerRefundId: set.providerRefundId, refundedAt: set.status === 'refunded' ? set.now : null, updatedAt: set.now })
    .where(eq(invoiceRefunds.id, id))
    .returning();
  return row;
}

/** Refunds of these payments not failed, summed per payment. */
export async function refundedByPayment(db: DbOrTx, paymentIds: number[]): Promise<Map<number, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: invoiceRefunds.paymentId, cents: sql<number>`sum(${invoiceRefunds.amountCents})::int` })
    .from(invoiceRefunds)
    .where(and(inArray(invoiceRefunds.paymentId, paymentIds), inArray(invoiceRefunds.status, ['pending', 'refunded'])))
    .groupBy(invoiceRefunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, r.cents]));
}

// Follow-ups (reminders, the review request left waiting)

/**
 * Invoices sent at or before `sentBy` that are still owed and not yet reminded twice, by id (the
 * sweep locks and reads each again before it reminds).
 */
export async function listInvoicesToRemind(db: DbOrTx, sentBy: Date): Promise<number[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(inArray(invoices.status, ['sent', 'partly_paid']), lte(invoices.sentAt, sentBy), lt(invoices.remindersSent, 2)))
    .orderBy(asc(invoices.id))
    .limit(500);
  return rows.map((r) => r.id);
}

/**
 * Invoices drafted (their jobs completed) at or before `madeBy` that are still drafts or void and
 * whose completed booking has no review request yet: the requests left waiting for a payment that
 * never came through the site.
 */
export async function listInvoicesWithReviewWaiting(db: DbOrTx, madeBy: Date): Promise<number[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(
      and(
        inArray(invoices.status, ['draft', 'void']),
        lte(invoices.createdAt, madeBy),
        eq(bookings.status, 'completed'),
        notExists(db.select({ one: sql`1` }).from(reviews).where(eq(reviews.bookingId, invoices.bookingId))),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(500);
  return rows.map((r) => r.id);
}
