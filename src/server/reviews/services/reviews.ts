import { timingSafeEqual } from 'node:crypto';
import { formatMonthYear } from '../../../shared/business-time';
import { serviceTypeLabel } from '../../../shared/constants';
import type { Testimonial } from '../../../shared/schemas/content';
import {
  REVIEW_ALREADY_SUBMITTED_MESSAGE,
  REVIEW_LINK_INVALID_MESSAGE,
  REVIEW_NAME_MAX,
  REVIEW_SUMMARY_MIN,
  type AdminReview,
  type ReviewRequest,
  type SubmitReviewInput,
  type TestimonialsSummary,
} from '../../../shared/schemas/reviews';
import type { Db, DbOrTx } from '../../db/client';
import { LINK_TOKEN, queueEmail, bookingEmailFacts, reviewRequestEmail } from '../../messaging';
import {
  findReviewByTokenHash,
  insertReviewRequest,
  listPublishedReviews,
  listSubmittedReviews,
  lockReview,
  lockReviewByTokenHash,
  publishedReviewStats,
  saveSubmittedReview,
  setReviewStatus,
  setReviewTokenHash,
  type ReviewRow,
} from '../repositories/reviews';
import { bumpVersions } from '../../settings';
import { ConflictError, NotFoundError } from '../../errors';
import { hashToken, newToken, sealedTokenHash } from '../../accounts';

/** "Jordan Avery" -> "Jordan A."; "Mary Jane Watson" -> "Mary W."; a single name stays as it is. */
export function shortName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Customer';
  const first = parts[0];
  const name = parts.length === 1 ? first : `${first} ${parts[parts.length - 1][0].toUpperCase()}.`;
  return name.slice(0, REVIEW_NAME_MAX);
}

/**
 * The town of a street address, as the testimonials show a location ("Santa Monica, CA"), never
 * the street: "1450 Ocean Ave, Santa Monica, CA 90401" -> "Santa Monica, CA"; "12 Main St, Venice"
 * -> "Venice". Empty when the address does not say it clearly.
 */
export function townOf(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return '';
  const last = parts[parts.length - 1];
  const state = /^([A-Za-z]{2})(\s+\d{5}(-\d{4})?)?$/.exec(last);
  if (state && parts.length >= 3) {
    const town = parts[parts.length - 2];
    return /\d/.test(town) ? '' : `${town}, ${state[1].toUpperCase()}`;
  }
  return state || /\d/.test(last) ? '' : last;
}

const serviceNameOf = (r: Pick<ReviewRow, 'serviceName' | 'serviceType'>) => r.serviceName ?? serviceTypeLabel(r.serviceType);

/**
 * Starts the review request of a completed job on its own, and its one email: at the completion
 * when nothing is left to pay, or when the invoice was never sent nor paid (decision 0021).
 * The email's one-time link (32 random bytes; only its SHA-256 kept) is made when the email goes
 * out (mintReviewToken); until then the request holds a hash no token opens. Call inside the
 * transaction of the change that asks, so both exist if and only if it was committed. False when
 * the booking was asked already.
 */
export async function requestReview(
  tx: DbOrTx,
  booking: { id: number; email: string; fullName: string; serviceType: string; bookingDate: string },
  o: { publicUrl: string; now: Date },
): Promise<boolean> {
  const reviewId = await openReviewRequest(tx, booking.id, o.now);
  if (reviewId === null) return false;
  const facts = await bookingEmailFacts(tx, booking);
  await queueEmail(tx, { ...reviewRequestEmail(facts.booking, { link: `${o.publicUrl}/review/${LINK_TOKEN}`, business: facts.business }), link: { kind: 'review', ref: reviewId } });
  return true;
}

/**
 * Opens the review request of a completed booking for an email the caller queues in the same
 * transaction (the paid invoice's receipt carries it: decision 0021): the request's id, to name
 * the email's link (kind `review`), or null when the booking has one already (it was asked).
 */
export async function openReviewRequest(tx: DbOrTx, bookingId: number, now: Date): Promise<number | null> {
  const created = await insertReviewRequest(tx, { bookingId, tokenHash: sealedTokenHash(), requestedAt: now });
  return created?.id ?? null;
}

/**
 * The token of review `id`'s link, made as its email goes out: its hash replaces the one stored
 * (a link from an earlier, undelivered try stops working). Null once the review was submitted.
 */
export async function mintReviewToken(tx: DbOrTx, id: number): Promise<string | null> {
  const token = newToken();
  return (await setReviewTokenHash(tx, id, hashToken(token))) ? token : null;
}

/**
 * The review of a link. Looked up by the token's hash, then the hashes compared in constant time,
 * so the answer's timing tells nothing about how close a guess came.
 */
function matching(row: ReviewRow | null, tokenHash: string): ReviewRow | null {
  if (!row) return null;
  const a = Buffer.from(row.tokenHash, 'hex');
  const b = Buffer.from(tokenHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? row : null;
}

const invalidLink = () => new NotFoundError(REVIEW_LINK_INVALID_MESSAGE);

/** GET /api/reviews/:token: the job to review; a wrong, unknown or used link is the same 404. */
export async function getReviewRequest(db: Db, token: string): Promise<ReviewRequest> {
  const tokenHash = hashToken(token);
  const review = matching(await findReviewByTokenHash(db, tokenHash), tokenHash);
  if (!review || review.status !== 'requested') throw invalidLink();
  return { serviceName: serviceNameOf(review), month: formatMonthYear(review.bookingDate), displayName: shortName(review.fullName) };
}

/** POST /api/reviews/:token: the customer's one review, waiting for the owner to publish it. */
export async function submitReview(deps: { db: Db; now: Date }, token: string, input: SubmitReviewInput): Promise<{ message: string }> {
  const tokenHash = hashToken(token);
  await deps.db.transaction(async (tx) => {
    const review = matching(await lockReviewByTokenHash(tx, tokenHash), tokenHash);
    if (!review) throw invalidLink();
    if (review.status !== 'requested') throw new ConflictError(REVIEW_ALREADY_SUBMITTED_MESSAGE, 'CONFLICT');
    await saveSubmittedReview(tx, review.id, {
      rating: input.rating,
      comment: input.comment,
      displayName: input.displayName ?? shortName(review.fullName),
      submittedAt: deps.now,
    });
  });
  return { message: 'Thank you for your review! It will appear on our website once we have read it.' };
}

// ---- The owner ---------------------------------------------------------------------------

const LIST_LIMIT = 500;

function toAdminReview(r: ReviewRow): AdminReview {
  return {
    id: r.id,
    bookingId: r.bookingId,
    status: r.status as AdminReview['status'],
    rating: r.rating ?? 0,
    comment: r.comment ?? '',
    displayName: r.displayName ?? shortName(r.fullName),
    customerName: r.fullName,
    serviceName: serviceNameOf(r),
    month: formatMonthYear(r.bookingDate),
    submittedAt: (r.submittedAt ?? r.requestedAt).toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  };
}

export async function listReviews(db: Db, status: 'pending' | 'published' | 'hidden' | undefined) {
  return (await listSubmittedReviews(db, status, LIST_LIMIT)).map(toAdminReview);
}

/**
 * Publishes or hides a submitted review. Either changes what /testimonials and the home page
 * show, so the content version moves in the same transaction.
 */
export async function setReviewVisibility(deps: { db: Db; now: Date }, id: number, to: 'published' | 'hidden') {
  return deps.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review) throw new NotFoundError('Review not found.');
    if (review.status === 'requested') throw new ConflictError('The customer has not written this review yet.', 'INVALID_STATUS');
    const publishedAt = to === 'published' ? (review.publishedAt ?? deps.now) : review.publishedAt;
    if (review.status !== to) {
      await setReviewStatus(tx, id, { status: to, publishedAt });
      await bumpVersions(tx, ['content'], deps.now);
    }
    const updated = toAdminReview({ ...review, status: to, publishedAt });
    const message =
      to === 'published'
        ? `The review by ${updated.displayName} is published on the testimonials page.`
        : `The review by ${updated.displayName} is hidden from the public pages.`;
    return { review: updated, message };
  });
}

// ---- The public pages --------------------------------------------------------------------

/** The newest published reviews the testimonials show; older ones stay in /admin. */
const PUBLISHED_LIMIT = 60;

/** Published reviews as testimonials: verified, with the service's name and the month of the job. */
export async function publishedReviewTestimonials(db: DbOrTx): Promise<Testimonial[]> {
  const rows = await listPublishedReviews(db, PUBLISHED_LIMIT);
  return rows.map((r) => {
    const comment = r.comment ?? '';
    return {
      id: -r.id,
      name: r.displayName ?? shortName(r.fullName),
      location: townOf(r.address),
      comment,
      content: comment,
      rating: r.rating ?? 0,
      serviceType: serviceNameOf(r),
      avatarUrl: null,
      verified: true,
      month: formatMonthYear(r.bookingDate),
    };
  });
}

/** GET /api/testimonials/summary: the published reviews' count and average, once there are enough to mean something. */
export async function testimonialsSummary(db: DbOrTx): Promise<TestimonialsSummary> {
  const { count, average } = await publishedReviewStats(db);
  if (count < REVIEW_SUMMARY_MIN || average === null) return null;
  return { count, average: Math.round(average * 10) / 10 };
}
