import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryItemsSchema, galleryQuerySchema, publicConfigSchema, serviceSchema, testimonialsSchema } from '../../../shared/schemas/content';
import { listGalleryItems } from '../../db/repositories/content';
import { publicConfig, publicServices, publicTestimonials } from '../../services/public-content';
import { getSettings } from '../../services/settings';
import { testimonialsSummary } from '../../services/reviews';
import { testimonialsSummarySchema } from '../../../shared/schemas/reviews';

export async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/services', { schema: { response: { 200: z.array(serviceSchema) } } }, async () => publicServices(app.db));

  app.get('/gallery', { schema: { querystring: galleryQuerySchema, response: { 200: galleryItemsSchema } } }, async (request) =>
    listGalleryItems(app.db, request.query.category),
  );

  app.get('/testimonials', { schema: { response: { 200: testimonialsSchema } } }, async () => publicTestimonials(app.db));

  app.get('/testimonials/summary', { schema: { response: { 200: testimonialsSummarySchema } } }, async () => testimonialsSummary(app.db));

  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => publicConfig(app.config, await getSettings(app.db)));
}
