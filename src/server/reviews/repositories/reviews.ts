import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, reviews, services } from '../../db/schema';

/** A review with what its pages say about the job: the service's current name (null: no such service now), the date, the customer. */
const reviewColumns = {
  id: reviews.id,
  bookingId: reviews.bookingId,
  tokenHash: reviews.tokenHash,
  status: reviews.status,
  rating: reviews.rating,
  comment: reviews.comment,
  displayName: reviews.displayName,
  requestedAt: reviews.requestedAt,
  submittedAt: reviews.submittedAt,
  publishedAt: reviews.publishedAt,
  serviceType: bookings.serviceType,
  serviceName: services.name,
  bookingDate: bookings.bookingDate,
  fullName: bookings.fullName,
  address: bookings.address,
};

function selectReviews(db: DbOrTx) {
  return db.select(reviewColumns).from(reviews).innerJoin(bookings, eq(bookings.id, reviews.bookingId)).leftJoin(services, eq(services.slug, bookings.serviceType));
}

export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReviewByTokenHash>>>;

/** Creates the review request of a booking; null when the booking already has one (nothing is changed then). */
export async function insertReviewRequest(tx: DbOrTx, values: { bookingId: number; tokenHash: string; requestedAt: Date }) {
  const rows = await tx.insert(reviews).values(values).onConflictDoNothing({ target: reviews.bookingId }).returning({ id: reviews.id });
  return rows[0] ?? null;
}

/** Stores the hash of a review link's new token while the review is still requested; false otherwise. */
export async function setReviewTokenHash(tx: DbOrTx, id: number, tokenHash: string): Promise<boolean> {
  const rows = await tx.update(reviews).set({ tokenHash }).where(and(eq(reviews.id, id), eq(reviews.status, 'requested'))).returning({ id: reviews.id });
  return rows.length > 0;
}

export async function findReviewByTokenHash(db: DbOrTx, tokenHash: string) {
  const rows = await selectReviews(db).where(eq(reviews.tokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

/** The review of a link, locked until the transaction ends, so a link submitted twice at once is taken once. */
export async function lockReviewByTokenHash(tx: DbOrTx, tokenHash: string) {
  const rows = await selectReviews(tx).where(eq(reviews.tokenHash, tokenHash)).limit(1).for('update', { of: reviews });
  return rows[0] ?? null;
}

export async function lockReview(tx: DbOrTx, id: number) {
  const rows = await selectReviews(tx).where(eq(reviews.id, id)).limit(1).for('update', { of: reviews });
  return rows[0] ?? null;
}

export async function saveSubmittedReview(tx: DbOrTx, id: number, values: { rating: number; comment: string; displayName: string; submittedAt: Date }) {
  await tx
    .update(reviews)
    .set({ ...values, status: 'pending' })
    .where(and(eq(reviews.id, id), eq(reviews.status, 'requested')));
}

export async function setReviewStatus(tx: DbOrTx, id: number, values: { status: 'published' | 'hidden'; publishedAt: Date | null }) {
  await tx.update(reviews).set(values).where(eq(reviews.id, id));
}

const STATUS_ORDER = sql`case ${reviews.status} when 'pending' then 0 when 'published' then 1 else 2 end`;

/** Submitted reviews (one status, or all): waiting for the owner first, then published, then hidden; newest first in each. */
export function listSubmittedReviews(db: DbOrTx, status: 'pending' | 'published' | 'hidden' | undefined, limit: number) {
  return selectReviews(db)
    .where(status ? eq(reviews.status, status) : inArray(reviews.status, ['pending', 'published', 'hidden']))
    .orderBy(STATUS_ORDER, desc(reviews.submittedAt), desc(reviews.id))
    .limit(limit);
}

/** Published reviews, newest published first. */
export function listPublishedReviews(db: DbOrTx, limit: number) {
  return selectReviews(db).where(eq(reviews.status, 'published')).orderBy(desc(reviews.publishedAt), desc(reviews.id)).limit(limit);
}

/** How many reviews are published and their mean rating (null when none). */
export async function publishedReviewStats(db: DbOrTx): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(eq(reviews.status, 'published'));
  return { count: row.count, average: row.average === null ? null : Number(row.average) };
}
