/**
 * Estimates: requests for a free estimate from photos, the owner's quotes for them, and the
 * customer's private quote link (issue 22, decision 0020).
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { adminEstimatesRoutes } from './routes/admin-estimates';
export { estimateRoutes } from './routes/estimates';
export { quoteRoutes } from './routes/quotes';
export { claimQuotedJob, mintQuoteToken, recordQuoteBooking } from './services/quotes';
export type { QuotedJob } from './services/quotes';
export { quotesPerWeek } from './repositories/quotes';
