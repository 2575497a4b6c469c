import type { ZodType } from 'zod';

/**
 * The schema of each read the server may put in a page's `data-state`, by the URL its query
 * fetches: the same schemas the fetchers parse the API's answers with. Each is loaded only for a
 * page that holds its read (/book holds no testimonials, and building a module's schemas is part
 * of the page's waking).
 */
const SCHEMAS: Record<string, () => Promise<ZodType>> = {
  '/api/config': () => import('../../shared/schemas/content').then((m) => m.publicConfigSchema),
  '/api/services': () => import('../../shared/schemas/content').then((m) => m.servicesSchema),
  '/api/testimonials': () => import('../../shared/schemas/content').then((m) => m.testimonialsSchema),
  '/api/testimonials/summary': () => import('../../shared/schemas/reviews').then((m) => m.testimonialsSummarySchema),
  '/api/price-list': () => import('../../shared/schemas/price-list').then((m) => m.priceListSchema),
};

/** The schemas of the reads at `urls` that have one. */
export async function loadPageStateSchemas(urls: string[]): Promise<Record<string, ZodType>> {
  const known = urls.filter((url) => Object.hasOwn(SCHEMAS, url));
  const schemas = await Promise.all(known.map((url) => SCHEMAS[url]!()));
  return Object.fromEntries(known.map((url, i) => [url, schemas[i]!]));
}
