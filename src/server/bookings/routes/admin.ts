import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/schemas/common';
import {
  adminBookingActionSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  adminSlotsQuerySchema,
  adminSlotsResponseSchema,
  bookingStatusChangeSchema,
  changeCrewSchema,
  moveBookingSchema,
} from '../../../shared/schemas/admin';
import { changeBookingStatus, changeCrew, listBookings, retryRefund, type BookingActionDeps } from '../services/admin-bookings';
import { moveBooking, slotsForDay } from '../services/move';
import { clockDeps } from '../../route-deps';

/** The owner's bookings: the list, status changes (with refunds), moves and crews. */
export async function adminBookingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const bookingDeps = (log: BookingActionDeps['log']): BookingActionDeps => ({
    ...clockDeps(app),
    publicUrl: app.config.publicUrl,
    payments: app.payments,
    businessEmail: app.config.businessEmail,
    log,
  });

  app.get('/bookings', { schema: { querystring: adminBookingsQuerySchema, response: { 200: adminBookingsResponseSchema } } }, async (request) => ({
    bookings: await listBookings(app.db, request.query),
  }));

  app.post(
    '/bookings/:id/status',
    { schema: { params: idParamSchema, body: bookingStatusChangeSchema, response: { 200: adminBookingActionSchema } } },
    async (request) => changeBookingStatus(bookingDeps(request.log), request.params.id, request.body.status, request.body.actualMinutes, request.body.reviewWithReceipt === true),
  );

  app.post(
    '/bookings/:id/move',
    { schema: { params: idParamSchema, body: moveBookingSchema, response: { 200: adminBookingActionSchema } } },
    async (request) => moveBooking(bookingDeps(request.log), request.params.id, request.body),
  );

  app.post(
    '/bookings/:id/crew',
    { schema: { params: idParamSchema, body: changeCrewSchema, response: { 200: adminBookingActionSchema } } },
    async (request) => changeCrew(bookingDeps(request.log), request.params.id, request.body.crew),
  );

  app.post('/bookings/:id/refund', { schema: { params: idParamSchema, response: { 200: adminBookingActionSchema } } }, async (request) =>
    retryRefund(bookingDeps(request.log), request.params.id),
  );

  app.get('/slots', { schema: { querystring: adminSlotsQuerySchema, response: { 200: adminSlotsResponseSchema } } }, async (request) =>
    slotsForDay(clockDeps(app), request.query.date, request.query.bookingId),
  );
}
