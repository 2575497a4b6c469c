import type { FastifyInstance } from 'fastify';
import { adminCustomersRoutes } from '../accounts/routes/admin-customers';
import { adminBookingsRoutes } from '../bookings/routes/admin';
import { adminStatsRoutes } from '../bookings/routes/admin-stats';
import { adminContentRoutes } from '../content/routes/admin-content';
import { adminGalleryRoutes } from '../content/routes/admin-gallery';
import { adminMessagesRoutes } from '../messaging/routes/admin-messages';
import { adminTextsRoutes } from '../messaging/routes/admin-texts';
import { adminReviewsRoutes } from '../reviews/routes/admin-reviews';
import { adminAgendaRoutes } from '../schedule/routes/admin-agenda';
import { adminScheduleRoutes } from '../schedule/routes/admin-schedule';

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
}
