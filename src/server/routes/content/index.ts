import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryItemsSchema, galleryQuerySchema, publicConfigSchema, serviceSchema, testimonialsSchema } from '../../../shared/schemas/content';
import { listGalleryItems } from '../../db/repositories/content';
import { publicConfig, publicServices, publicTestimonials } from '../../services/public-content';
import { readSettings } from '../../services/settings';
import { testimonialsSummary } from '../../services/reviews';
import { testimonialsSummarySchema } from '../../../shared/schemas/reviews';

export async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/services', { schema: { response: { 200: z.array(serviceSchema) } } }, async () => app.contentCache.read('services', () => publicServices(app.db)));

  app.get('/gallery', { schema: { querystring: galleryQuerySchema, response: { 200: galleryItemsSchema } } }, async (request) => {
    const { category } = request.query;
    return app.contentCache.read(`gallery:${category ?? 'all'}`, () => listGalleryItems(app.db, category));
  });

  app.get('/testimonials', { schema: { response: { 200: testimonialsSchema } } }, async () => app.contentCache.read('testimonials', () => publicTestimonials(app.db)));

  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () =>
    app.contentCache.read('config', async () => publicConfig(app.config, await readSettings(app.db))),
  );

  app.get('/testimonials/summary', { schema: { response: { 200: testimonialsSummarySchema } } }, async () =>
    app.contentCache.read('testimonials-summary', () => testimonialsSummary(app.db)),
  );
}
