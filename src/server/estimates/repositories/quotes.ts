import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, estimates, quoteLinks, quotes } from '../../db/schema';

export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuoteRow = typeof quotes.$inferInsert;

export async function insertQuote(tx: DbOrTx, values: NewQuoteRow): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(values).returning();
  return row;
}

/** The request's quotes, newest first. */
export function listQuotesOfEstimate(db: DbOrTx, estimateId: number): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.estimateId, estimateId)).orderBy(desc(quotes.createdAt), desc(quotes.id));
}

/** The request's open quotes become `withdrawn` (a newer quote replaces them, or the owner declines the request). */
export async function withdrawOpenQuotes(tx: DbOrTx, estimateId: number) {
  await tx
    .update(quotes)
    .set({ status: 'withdrawn' })
    .where(and(eq(quotes.estimateId, estimateId), eq(quotes.status, 'open')));
}

export async function insertQuoteLink(tx: DbOrTx, values: { tokenHash: string; quoteId: number; createdAt: Date }) {
  await tx.insert(quoteLinks).values(values);
}

export async function findQuote(db: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  return row;
}

/** The id of the quote a link's hash opens, and the hash as stored; undefined for none. */
export async function findQuoteLink(db: DbOrTx, tokenHash: string): Promise<{ tokenHash: string; quoteId: number } | undefined> {
  const [row] = await db.select({ tokenHash: quoteLinks.tokenHash, quoteId: quoteLinks.quoteId }).from(quoteLinks).where(eq(quoteLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

/** The quote, row-locked for the rest of the transaction: a booking, a decline and a new quote take turns. */
export async function lockQuote(tx: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).limit(1).for('update');
  return row;
}

export async function markQuoteBooked(tx: DbOrTx, id: number, bookingId: number, now: Date) {
  await tx.update(quotes).set({ status: 'booked', bookedBookingId: bookingId, bookedAt: now }).where(eq(quotes.id, id));
}

export async function markQuoteDeclined(tx: DbOrTx, id: number, now: Date) {
  await tx.update(quotes).set({ status: 'declined', declinedAt: now }).where(eq(quotes.id, id));
}

/**
 * Open quotes whose last day is before `today` (yyyy-MM-dd, the business's zone) become expired;
 * only quote `onlyId` when given. Returns the requests of those that changed.
 */
export async function expireQuotes(db: DbOrTx, today: string, onlyId?: number): Promise<number[]> {
  const rows = await db
    .update(quotes)
    .set({ status: 'expired' })
    .where(and(eq(quotes.status, 'open'), lt(quotes.validUntil, today), onlyId !== undefined ? eq(quotes.id, onlyId) : undefined))
    .returning({ estimateId: quotes.estimateId });
  return rows.map((r) => r.estimateId);
}

/** A booking whose hold ran out unpaid and was released (cancelled for hold_expired). */
const lapsedBooking = and(eq(bookings.status, 'cancelled'), eq(bookings.cancelReason, 'hold_expired'), eq(bookings.depositPaid, false));

/**
 * Booked quotes whose booking's hold ran out unpaid are open again (expired past their last day),
 * so the customer can book them once more; only quote `onlyId` when given. Returns each changed
 * quote's request and new status.
 */
export async function reopenLapsedQuotes(db: DbOrTx, today: string, onlyId?: number): Promise<{ estimateId: number; status: string }[]> {
  return db
    .update(quotes)
    .set({ status: sql`case when ${quotes.validUntil} < ${today}::date then 'expired' else 'open' end`, bookedBookingId: null, bookedAt: null })
    .from(bookings)
    .where(and(eq(quotes.status, 'booked'), eq(bookings.id, quotes.bookedBookingId), lapsedBooking, onlyId !== undefined ? eq(quotes.id, onlyId) : undefined))
    .returning({ estimateId: quotes.estimateId, status: quotes.status });
}

/**
 * Locks, in id order, the requests whose quotes settleQuotes would change now (open ones past
 * their last day, booked ones whose booking lapsed): every transaction that changes a quote locks
 * its request first, so the owner's reads and a customer's booking never wait on each other in a
 * circle.
 */
export async function lockRequestsToSettle(tx: DbOrTx, today: string): Promise<void> {
  const due = tx
    .select({ id: quotes.estimateId })
    .from(quotes)
    .leftJoin(bookings, eq(bookings.id, quotes.bookedBookingId))
    .where(or(and(eq(quotes.status, 'open'), lt(quotes.validUntil, today)), and(eq(quotes.status, 'booked'), lapsedBooking)));
  await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(inArray(estimates.id, due))
    .orderBy(asc(estimates.id))
    .for('update');
}

/**
 * Quotes sent per Monday-started week of [from, to) (Mondays, `yyyy-MM-dd` on the business's
 * calendar, by the day each was sent on its clock), and how many of them were approved and
 * booked. A quote withdrawn for a newer one (or for the request's decline) is not counted: the
 * customer's answer is to the quote that replaced it. Weeks with none are absent.
 */
export async function quotesPerWeek(db: DbOrTx, p: { from: string; to: string; timeZone: string }): Promise<{ weekStart: string; sent: number; approved: number }[]> {
  const sentDay = sql`(${quotes.createdAt} at time zone ${p.timeZone})::date`;
  const rows = await db
    .select({
      weekStart: sql<string>`to_char(date_trunc('week', ${sentDay}), 'YYYY-MM-DD')`,
      sent: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${quotes.status} = 'booked'))::int`,
    })
    .from(quotes)
    .where(sql`${quotes.status} <> 'withdrawn' and ${sentDay} >= ${p.from}::date and ${sentDay} < ${p.to}::date`)
    .groupBy(sql`1`);
  return rows.map((r) => ({ weekStart: r.weekStart, sent: Number(r.sent), approved: Number(r.approved) }));
}
