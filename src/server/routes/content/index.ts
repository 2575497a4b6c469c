import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryItemsSchema, galleryQuerySchema, publicConfigSchema, serviceSchema, testimonialsSchema } from '../../../shared/schemas/content';
import { listGalleryItems, listTestimonials } from '../../db/repositories/content';
import { listActiveServices } from '../../db/repositories/schedule';
import { getSettings } from '../../services/settings';

export async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/services', { schema: { response: { 200: z.array(serviceSchema) } } }, async () => listActiveServices(app.db));

  app.get('/gallery', { schema: { querystring: galleryQuerySchema, response: { 200: galleryItemsSchema } } }, async (request) =>
    listGalleryItems(app.db, request.query.category),
  );

  app.get('/testimonials', { schema: { response: { 200: testimonialsSchema } } }, async () => {
    const rows = await listTestimonials(app.db);
    return rows.map((t) => ({ ...t, content: t.comment }));
  });

  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => {
    const { config } = app;
    const settings = await getSettings(app.db);
    return {
      business: { ...settings.business, timeZone: config.businessTz },
      schedule: {
        serviceZips: settings.serviceZips,
        bookingWindowDays: settings.bookingWindowDays,
        minNoticeHours: settings.minNoticeHours,
        closedDates: settings.closedDates,
        hours: settings.hours,
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
