import { z } from 'zod';
import { instantSchema, textField, wholeNumber } from './fields';

/** What a review may say: stars 1 to 5, a comment of 10 to 2,000 characters, a shown name of up to 40. */
export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_NAME_MAX = 40;

export const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';
export const COMMENT_SHORT_MESSAGE = `Please write at least ${REVIEW_COMMENT_MIN} characters about the job`;
export const COMMENT_LONG_MESSAGE = `Please keep your review to ${REVIEW_COMMENT_MAX.toLocaleString('en-US')} characters or fewer`;
export const NAME_MESSAGE = `Enter the name to show, up to ${REVIEW_NAME_MAX} characters`;

/** The same answer for a wrong, used or unknown link, so a link tells nothing about other bookings. */
export const REVIEW_LINK_INVALID_MESSAGE = 'This review link is not valid or has already been used.';
export const REVIEW_ALREADY_SUBMITTED_MESSAGE = 'A review has already been submitted for this job. Thank you!';

/** The token in /review/{token}: 32 random bytes as base64url; any other text is simply an unknown link (404). */
export const reviewTokenParamSchema = z.object({ token: z.string() });

/** GET /api/reviews/:token: what the review page shows before the customer writes. */
export const reviewRequestSchema = z.object({
  serviceName: z.string(),
  /** The month of the job, e.g. "March 2027". */
  month: z.string(),
  /** The name shown with the review unless the customer changes it: "First L.". */
  displayName: z.string(),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** POST /api/reviews/:token. */
export const submitReviewSchema = z.object({
  rating: wholeNumber(1, 5, RATING_MESSAGE),
  comment: textField(REVIEW_COMMENT_MIN, REVIEW_COMMENT_MAX, { required: COMMENT_SHORT_MESSAGE, long: COMMENT_LONG_MESSAGE }),
  displayName: textField(1, REVIEW_NAME_MAX, { required: NAME_MESSAGE, long: NAME_MESSAGE }).optional(),
});
export type SubmitReviewInput = z.infer<typeof submitReviewSchema>;

export const REVIEW_STATUSES = ['requested', 'pending', 'published', 'hidden'] as const;

/** GET /api/admin/reviews?status=: one status, or every submitted review (pending first). */
export const adminReviewsQuerySchema = z.object({
  status: z.enum(['pending', 'published', 'hidden'], { error: 'status must be pending, published or hidden' }).optional(),
});

/** A submitted review as /admin sees it. */
export const adminReviewSchema = z.object({
  id: z.number(),
  bookingId: z.number(),
  status: z.enum(REVIEW_STATUSES),
  rating: z.number(),
  comment: z.string(),
  displayName: z.string(),
  /** The booking's full name, for the owner only. */
  customerName: z.string(),
  serviceName: z.string(),
  month: z.string(),
  submittedAt: instantSchema,
  publishedAt: instantSchema.nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsResponseSchema = z.object({ reviews: z.array(adminReviewSchema) });

/** POST /api/admin/reviews/:id/publish and /hide. */
export const adminReviewActionSchema = z.object({ review: adminReviewSchema, message: z.string() });

/** Published reviews needed before /testimonials shows their average instead of the spec's figures. */
export const REVIEW_SUMMARY_MIN = 5;

/** GET /api/testimonials/summary: null until REVIEW_SUMMARY_MIN reviews are published. */
export const testimonialsSummarySchema = z
  .object({
    count: z.number(),
    /** Mean of the published ratings, to one decimal. */
    average: z.number(),
  })
  .nullable();
export type TestimonialsSummary = z.infer<typeof testimonialsSummarySchema>;
