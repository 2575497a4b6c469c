import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { demoPayments, demoRefunds } from '../../db/schema';

// The demo provider's intents and refunds (demo mode only; Stripe keeps its own).

export type DemoPaymentRow = typeof demoPayments.$inferSelect;
export type DemoRefundRow = typeof demoRefunds.$inferSelect;

export async function findDemoPaymentForBooking(db: DbOrTx, bookingId: number): Promise<DemoPaymentRow | undefined> {
  const [row] = await db.select().from(demoPayments).where(eq(demoPayments.bookingId, bookingId)).orderBy(asc(demoPayments.createdAt)).limit(1);
  return row;
}

/** An invoice's intent for this amount and tip not paid yet, to answer a repeated request with (as Stripe's idempotency key does). */
export async function findOpenDemoPaymentForInvoice(db: DbOrTx, p: { invoiceId: number; amount: number; tipCents: number }): Promise<DemoPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(demoPayments)
    .where(and(eq(demoPayments.invoiceId, p.invoiceId), eq(demoPayments.amount, p.amount), eq(demoPayments.tipCents, p.tipCents), eq(demoPayments.status, 'requires_payment_method')))
    .orderBy(asc(demoPayments.createdAt))
    .limit(1);
  return row;
}

export async function findDemoPayment(db: DbOrTx, by: { id: string } | { clientSecret: string }): Promise<DemoPaymentRow | undefined> {
  const where = 'id' in by ? eq(demoPayments.id, by.id) : eq(demoPayments.clientSecret, by.clientSecret);
  const [row] = await db.select().from(demoPayments).where(where).limit(1);
  return row;
}

/** The intent, locked for the rest of the transaction (two refunds of one payment take turns). */
export async function lockDemoPayment(tx: DbOrTx, id: string): Promise<DemoPaymentRow | undefined> {
  const [row] = await tx.select().from(demoPayments).where(eq(demoPayments.id, id)).limit(1).for('update');
  return row;
}

export async function insertDemoPayment(db: DbOrTx, values: typeof demoPayments.$inferInsert): Promise<DemoPaymentRow> {
  const [row] = await db.insert(demoPayments).values(values).returning();
  return row;
}

export async function updateDemoPayment(db: DbOrTx, id: string, set: { status?: string; lastError?: string | null }) {
  await db.update(demoPayments).set(set).where(eq(demoPayments.id, id));
}

export async function findDemoRefund(db: DbOrTx, by: { id: string } | { idempotencyKey: string }): Promise<DemoRefundRow | undefined> {
  const where = 'id' in by ? eq(demoRefunds.id, by.id) : eq(demoRefunds.idempotencyKey, by.idempotencyKey);
  const [row] = await db.select().from(demoRefunds).where(where).limit(1);
  return row;
}

export async function countDemoRefunds(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(demoRefunds).where(eq(demoRefunds.paymentId, paymentId));
  return row?.n ?? 0;
}

/** Records a refund of `amountCents` and adds it to the intent's refunded sum (refunded in full: status refunded). */
export async function insertDemoRefund(tx: DbOrTx, values: { id: string; paymentId: string; idempotencyKey: string; amountCents: number }): Promise<DemoRefundRow> {
  const [row] = await tx.insert(demoRefunds).values(values).returning();
  await tx
    .update(demoPayments)
    .set({
      refundedCents: sql`${demoPayments.refundedCents} + ${values.amountCents}`,
      status: sql`case when ${demoPayments.refundedCents} + ${values.amountCents} >= ${demoPayments.amount} then 'refunded' else ${demoPayments.status} end`,
    })
    .where(eq(demoPayments.id, values.paymentId));
  return row;
}
