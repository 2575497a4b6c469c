import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dateQuerySchema, idParamSchema } from '../../../shared/schemas/common';
import { dashboardMoveResponseSchema, moveOwnBookingSchema, moveSlotsSchema } from '../../../shared/schemas/manage';
import { toDashboardBooking } from '../services/dashboard';
import { moveUserBooking, userBookingGoogleUrl, userBookingIcs, userBookingSlots, manageDeps } from '../services/manage';

/** My Bookings: a signed-in customer picks a new time for their own booking, or downloads its .ics. */
export async function dashboardMoveRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const deps = () => manageDeps(app);

  app.get(
    '/dashboard/bookings/:id/slots',
    { onRequest: app.requireUser, schema: { params: idParamSchema, querystring: dateQuerySchema, response: { 200: moveSlotsSchema } } },
    async (request) => (await userBookingSlots(deps(), request.user!.id, request.params.id, request.query.date)).map((s) => ({ id: s.id, slotTime: s.label })),
  );

  app.post(
    '/dashboard/bookings/:id/move',
    {
      onRequest: app.requireUser,
      config: { rateLimit: app.limit(10, 60_000) },
      schema: { params: idParamSchema, body: moveOwnBookingSchema, response: { 200: dashboardMoveResponseSchema } },
    },
    async (request) => {
      const d = deps();
      const { booking, message } = await moveUserBooking(d, request.user!.id, request.params.id, request.body);
      return { booking: toDashboardBooking(booking, d.now), message };
    },
  );

  app.get('/dashboard/bookings/:id/ics', { onRequest: app.requireUser, schema: { params: idParamSchema } }, async (request, reply) => {
    const { id, ics } = await userBookingIcs(deps(), request.user!.id, request.params.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="booking-${id}.ics"`)
      .send(ics);
  });

  // A plain link on the card opens Google Calendar with the appointment filled in.
  app.get('/dashboard/bookings/:id/google-calendar', { onRequest: app.requireUser, schema: { params: idParamSchema } }, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(await userBookingGoogleUrl(deps(), request.user!.id, request.params.id), 302),
  );
}
