/**
 * Reviews: review requests after a job, the review form, moderation and published testimonials.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { adminReviewsRoutes } from './routes/admin-reviews';
export { REVIEW_LINK_LIMIT, SUBMIT_REVIEW_LIMIT, reviewRoutes } from './routes/reviews';
export { getReviewRequest, mintReviewToken, openReviewRequest, publishedReviewTestimonials, requestReview, submitReview, testimonialsSummary } from './services/reviews';
