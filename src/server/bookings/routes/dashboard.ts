import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancelBooking, listDashboardBookings, requestReschedule, updateProfile } from '../services/dashboard';
import { userResponseSchema } from '../../../shared/schemas/auth';
import { idParamSchema } from '../../../shared/schemas/common';
import {
  cancelBookingResponseSchema,
  dashboardBookingsResponseSchema,
  profileSchema,
  rescheduleBookingResponseSchema,
} from '../../../shared/schemas/dashboard';
import { clockDeps } from '../../route-deps';

export async function dashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dashboard/bookings',
    { onRequest: app.requireUser, schema: { response: { 200: dashboardBookingsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { bookings: await listDashboardBookings(app.db, request.user!.id, app.now()) };
    },
  );

  app.post(
    '/dashboard/bookings/:id/cancel',
    { onRequest: app.requireUser, schema: { params: idParamSchema, response: { 200: cancelBookingResponseSchema } } },
    async (request) =>
      cancelBooking(
        { db: app.db, payments: app.payments, now: app.now(), businessEmail: app.config.businessEmail, log: request.log },
        request.user!.id,
        request.params.id,
      ),
  );

  app.post(
    '/dashboard/bookings/:id/reschedule',
    { onRequest: app.requireUser, schema: { params: idParamSchema, response: { 200: rescheduleBookingResponseSchema } } },
    async (request) =>
      requestReschedule(
        { ...clockDeps(app), businessEmail: app.config.businessEmail },
        request.user!.id,
        request.params.id,
      ),
  );

  app.put(
    '/dashboard/profile',
    { onRequest: app.requireUser, schema: { body: profileSchema, response: { 200: userResponseSchema } } },
    async (request) => ({ user: await updateProfile(app.db, request.user!.id, request.body) }),
  );
}
