import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '../../../shared/schemas/admin-stats';
import { getAdminStats } from '../services/stats';
import { clockDeps } from '../../route-deps';

/** The business at a glance. Registered inside the admin routes, whose hook requires an admin. */
export async function adminStatsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/stats', { schema: { response: { 200: adminStatsSchema } } }, async () => getAdminStats(clockDeps(app)));
}
