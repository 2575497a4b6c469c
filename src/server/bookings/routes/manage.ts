import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dateQuerySchema } from '../../../shared/schemas/common';
import {
  manageCancelResponseSchema,
  managedBookingSchema,
  manageMoveResponseSchema,
  manageTokenParamSchema,
  moveOwnBookingSchema,
  moveSlotsSchema,
} from '../../../shared/schemas/manage';
import { privateLinkRoutes } from '../../plugins/private-links';
import { paymentDeps, refundDeps } from '../services/bookings-payments';
import {
  cancelManagedBooking,
  getManagedBooking,
  managedBookingIcs,
  managedBookingSlots,
  moveManagedBooking,
  manageDeps,
} from '../services/manage';

/**
 * A guest's booking through its private link (/booking/{token}). The token is the only key: a
 * wrong, unknown or expired one is the same 404, and every route is rate-limited per address so
 * tokens cannot be guessed at speed.
 */
export async function manageRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const deps = () => manageDeps(app);
  const { read, write } = privateLinkRoutes(app);

  app.get('/:token', { config: read, schema: { params: manageTokenParamSchema, response: { 200: managedBookingSchema } } }, async (request) =>
    getManagedBooking(deps(), request.params.token),
  );

  app.get(
    '/:token/slots',
    { config: read, schema: { params: manageTokenParamSchema, querystring: dateQuerySchema, response: { 200: moveSlotsSchema } } },
    async (request) => (await managedBookingSlots(deps(), request.params.token, request.query.date)).map((s) => ({ id: s.id, slotTime: s.label })),
  );

  app.get('/:token/ics', { config: read, schema: { params: manageTokenParamSchema } }, async (request, reply) => {
    const { id, ics } = await managedBookingIcs(deps(), request.params.token);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="booking-${id}.ics"`).send(ics);
  });

  app.post('/:token/cancel', { config: write, schema: { params: manageTokenParamSchema, response: { 200: manageCancelResponseSchema } } }, async (request) => {
    const d = deps();
    return cancelManagedBooking({ ...d, ...refundDeps(app.db, d.now, paymentDeps(app)), log: request.log }, request.params.token);
  });

  app.post(
    '/:token/move',
    { config: write, schema: { params: manageTokenParamSchema, body: moveOwnBookingSchema, response: { 200: manageMoveResponseSchema } } },
    async (request) => moveManagedBooking(deps(), request.params.token, request.body),
  );
}
