import type { FastifyInstance } from 'fastify';
import { adminCustomersRoutes } from '../accounts';
import { adminBookingsRoutes, adminStatsRoutes } from '../bookings';
import { adminContentRoutes, adminGalleryRoutes } from '../content';
import { adminInvoicesRoutes } from '../invoices';
import { adminEstimatesRoutes } from '../estimates';
import { adminMessagesRoutes, adminTextsRoutes } from '../messaging';
import { adminPriceListRoutes } from '../pricing';
import { adminPushRoutes } from '../push';
import { adminReviewsRoutes } from '../reviews';
import { adminAgendaRoutes, adminScheduleRoutes } from '../schedule';

/** The business's own area: every route here needs an admin (401 signed out, 403 otherwise). */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(adminScheduleRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminAgendaRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminTextsRoutes);
  await app.register(adminReviewsRoutes);
  await app.register(adminBookingsRoutes);
  await app.register(adminMessagesRoutes);
  await app.register(adminGalleryRoutes);
  await app.register(adminPriceListRoutes);
  await app.register(adminInvoicesRoutes);
  await app.register(adminEstimatesRoutes);
  await app.register(adminPushRoutes);
}
