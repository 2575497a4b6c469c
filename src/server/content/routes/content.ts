import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryItemsSchema, galleryQuerySchema, publicConfigSchema, servicesSchema, testimonialsSchema } from '../../../shared/schemas/content';
import { testimonialsSummarySchema } from '../../../shared/schemas/reviews';
import { encodeJson, sendEncoded } from '../../plugins/encoded-body';
import { visitorReads } from '../services/public-content';

/**
 * What every visitor reads, answered from memory: each reply is kept serialized (checked against
 * its schema once), compressed and with its ETag until the content version changes.
 */
export async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const reads = visitorReads(app.contentCache, app.db, app.config);
  const encoded = <S extends z.ZodType>(key: string, schema: S, read: () => Promise<z.input<S>>) =>
    app.contentCache.read(`json:${key}`, async () => encodeJson(schema, await read()));

  app.get('/services', { schema: { response: { 200: servicesSchema } } }, async (request, reply) =>
    sendEncoded(request, reply, await encoded('services', servicesSchema, reads.services)),
  );

  app.get('/gallery', { schema: { querystring: galleryQuerySchema, response: { 200: galleryItemsSchema } } }, async (request, reply) => {
    const { category } = request.query;
    return sendEncoded(request, reply, await encoded(`gallery:${category ?? 'all'}`, galleryItemsSchema, () => reads.gallery(category)));
  });

  app.get('/testimonials', { schema: { response: { 200: testimonialsSchema } } }, async (request, reply) =>
    sendEncoded(request, reply, await encoded('testimonials', testimonialsSchema, reads.testimonials)),
  );

  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async (request, reply) =>
    sendEncoded(request, reply, await encoded('config', publicConfigSchema, reads.config)),
  );

  app.get('/testimonials/summary', { schema: { response: { 200: testimonialsSummarySchema } } }, async (request, reply) =>
    sendEncoded(request, reply, await encoded('testimonials-summary', testimonialsSummarySchema, reads.testimonialsSummary)),
  );
}
