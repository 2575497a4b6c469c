import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryItemsSchema, galleryQuerySchema, publicConfigSchema, serviceSchema, testimonialsSchema } from '../../../shared/schemas/content';
import { testimonialsSummarySchema } from '../../../shared/schemas/reviews';
import { visitorReads } from '../../services/public-content';

export async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const reads = visitorReads(app.contentCache, app.db, app.config);

  app.get('/services', { schema: { response: { 200: z.array(serviceSchema) } } }, async () => reads.services());

  app.get('/gallery', { schema: { querystring: galleryQuerySchema, response: { 200: galleryItemsSchema } } }, async (request) => reads.gallery(request.query.category));

  app.get('/testimonials', { schema: { response: { 200: testimonialsSchema } } }, async () => reads.testimonials());

  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => reads.config());

  app.get('/testimonials/summary', { schema: { response: { 200: testimonialsSummarySchema } } }, async () => reads.testimonialsSummary());
}
