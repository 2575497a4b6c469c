import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availableTimeSlotsResponseSchema, timeSlotsQuerySchema } from '../../../shared/schemas/booking';
import { NotFoundError } from '../../errors';
import { offeredStarts } from '../services/job-schedule';
import { calendarFeed } from '../../bookings';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function availabilityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/calendar/check-availability',
    { schema: { querystring: timeSlotsQuerySchema, response: { 200: availableTimeSlotsResponseSchema } } },
    async (request) => {
      const user = request.user;
      const slots = await offeredStarts(app.db, {
        date: request.query.date,
        serviceType: request.query.serviceType,
        now: app.now(),
        timeZone: app.config.businessTz,
        // A customer's own blocks hide times from their own view; an admin sees the business grid.
        viewerUserId: user && user.role === 'customer' ? user.id : null,
      });
      return { availableTimeSlots: slots.map((s) => ({ time: s.label })) };
    },
  );

  app.get('/calendar/feed.ics', { schema: { querystring: z.object({ token: z.string().max(500).optional() }) } }, async (request, reply) => {
    const expected = app.config.calendarFeedToken;
    const token = request.query.token;
    if (!expected || !token || !sameSecret(token, expected)) throw new NotFoundError();
    const ics = await calendarFeed(app.db, { now: app.now(), timeZone: app.config.businessTz, publicUrl: app.config.publicUrl });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="bookings.ics"')
      .header('cache-control', 'private, max-age=300')
      .send(ics);
  });
}
