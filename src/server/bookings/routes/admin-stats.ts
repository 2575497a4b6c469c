import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '../../../shared/schemas/admin-stats';
import { getAdminStats } from '../services/stats';

/** The business at a glance. Registered inside the admin routes, whose hook requires an admin. */
export async function adminStatsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/stats', { schema: { response: { 200: adminStatsSchema } } }, async () => getAdminStats({ db: app.db, now: app.now(), timeZone: app.config.businessTz }));
}
