import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import { sendOnMyWay } from '../services/texts';
import { clockDeps } from '../../route-deps';

/** Text messages the owner sends. Registered inside the admin routes, whose hook requires an admin. */
export async function adminTextsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/bookings/:id/on-my-way', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) =>
    sendOnMyWay({ ...clockDeps(app), textsEnabled: app.config.twilio !== null }, request.params.id),
  );
}
