import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS } from '../../../shared/constants';
import { galleryItemSchema, galleryQuerySchema, publicConfigSchema, serviceSchema, testimonialSchema } from '../../../shared/schemas/content';
import { listGalleryItems, listServices, listTestimonials } from '../../db/repositories/content';

export async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/services', { schema: { response: { 200: z.array(serviceSchema) } } }, async () => listServices(app.db));

  app.get('/gallery', { schema: { querystring: galleryQuerySchema, response: { 200: z.array(galleryItemSchema) } } }, async (request) =>
    listGalleryItems(app.db, request.query.category),
  );

  app.get('/testimonials', { schema: { response: { 200: z.array(testimonialSchema) } } }, async () => {
    const rows = await listTestimonials(app.db);
    return rows.map((t) => ({ ...t, content: t.comment }));
  });

  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => {
    const { config } = app;
    return {
      business: {
        name: BUSINESS.name,
        tagline: BUSINESS.tagline,
        phone: BUSINESS.phone,
        email: BUSINESS.email,
        address: BUSINESS.address,
        serviceRadius: BUSINESS.serviceRadius,
        timeZone: config.businessTz,
        social: { ...BUSINESS.social },
      },
      payments: {
        provider: config.payments.provider,
        publishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
      },
      recaptcha: { enabled: Boolean(config.recaptcha), siteKey: config.recaptcha?.siteKey ?? null },
      google: { enabled: Boolean(config.google), clientId: config.google?.clientId ?? null },
    };
  });
}
