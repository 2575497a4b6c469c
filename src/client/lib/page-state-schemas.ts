import type { ZodType } from 'zod';
import { publicConfigSchema, servicesSchema, testimonialsSchema } from '../../shared/schemas/content';
import { priceListSchema } from '../../shared/schemas/price-list';
import { testimonialsSummarySchema } from '../../shared/schemas/reviews';

/**
 * The schema of each read the server may put in a page's `data-state`, by the URL its query
 * fetches: the same schemas the fetchers parse the API's answers with.
 */
export const PAGE_STATE_SCHEMAS: Record<string, ZodType> = {
  '/api/config': publicConfigSchema,
  '/api/services': servicesSchema,
  '/api/testimonials': testimonialsSchema,
  '/api/testimonials/summary': testimonialsSummarySchema,
  '/api/price-list': priceListSchema,
};
