import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agendaQuerySchema, agendaSchema } from '../../../shared/schemas/admin-agenda';
import { getAgenda } from '../services/agenda';
import { clockDeps } from '../../route-deps';

/** The owner's day and week of jobs. Registered inside the admin routes, whose hook requires an admin. */
export async function adminAgendaRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/agenda', { schema: { querystring: agendaQuerySchema, response: { 200: agendaSchema } } }, async (request) =>
    getAgenda({ ...clockDeps(app), textsEnabled: app.config.twilio !== null }, request.query),
  );
}
