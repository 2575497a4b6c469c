import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import { galleryItemSchema } from '../../../shared/schemas/content';
import {
  adminBookingActionSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  adminEmailsQuerySchema,
  adminSlotsQuerySchema,
  adminSlotsResponseSchema,
  bookingStatusChangeSchema,
  changeCrewSchema,
  contactSubmissionsResponseSchema,
  galleryImageUploadSchema,
  galleryItemInputSchema,
  moveBookingSchema,
  outboxEmailsResponseSchema,
} from '../../../shared/schemas/admin';
import {
  changeBookingStatus,
  changeCrew,
  createGalleryItem,
  editGalleryItem,
  listBookings,
  listContactMessages,
  listEmailProblems,
  listGallery,
  moveBooking,
  removeGalleryItem,
  replaceGalleryImage,
  retryEmail,
  retryRefund,
  slotsForDay,
  type BookingActionDeps,
} from '../services/admin';
import { adminContentRoutes } from '../../content/routes/admin-content';
import { adminAgendaRoutes } from '../../schedule/routes/admin-agenda';
import { adminCustomersRoutes } from '../../accounts/routes/admin-customers';
import { adminScheduleRoutes } from '../../schedule/routes/admin-schedule';
import { adminStatsRoutes } from './admin-stats';
import { adminTextsRoutes } from '../../messaging/routes/admin-texts';
import { adminReviewsRoutes } from '../../reviews/routes/admin-reviews';

/** A JSON data URL of up to 1.5 MB of image is about 2 MB of text; only the upload route takes it. */
const UPLOAD_BODY_LIMIT = 2_400_000;

/** The business's own area: every route here needs an admin (401 signed out, 403 otherwise). */
export async function adminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireAdmin);
  await app.register(adminScheduleRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminAgendaRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminTextsRoutes);
  await app.register(adminReviewsRoutes);

  const bookingDeps = (log: BookingActionDeps['log']): BookingActionDeps => ({
    db: app.db,
    now: app.now(),
    timeZone: app.config.businessTz,
    publicUrl: app.config.publicUrl,
    payments: app.payments,
    businessEmail: app.config.businessEmail,
    log,
  });
  const galleryDeps = (log: BookingActionDeps['log']) => ({ db: app.db, log, now: app.now() });

  app.get('/bookings', { schema: { querystring: adminBookingsQuerySchema, response: { 200: adminBookingsResponseSchema } } }, async (request) => ({
    bookings: await listBookings(app.db, request.query),
  }));

  app.post(
    '/bookings/:id/status',
    { schema: { params: idParamSchema, body: bookingStatusChangeSchema, response: { 200: adminBookingActionSchema } } },
    async (request) => changeBookingStatus(bookingDeps(request.log), request.params.id, request.body.status),
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
    slotsForDay({ db: app.db, now: app.now(), timeZone: app.config.businessTz }, request.query.date, request.query.bookingId),
  );

  app.get('/contact-submissions', { schema: { response: { 200: contactSubmissionsResponseSchema } } }, async () => ({
    submissions: await listContactMessages(app.db),
  }));

  app.get('/emails', { schema: { querystring: adminEmailsQuerySchema, response: { 200: outboxEmailsResponseSchema } } }, async (request) => ({
    emails: await listEmailProblems(app.db, request.query.status),
  }));

  app.post('/emails/:id/retry', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) =>
    retryEmail(app.db, request.params.id, app.now()),
  );

  app.get('/gallery', { schema: { response: { 200: z.array(galleryItemSchema) } } }, async () => listGallery(app.db));

  app.post('/gallery', { schema: { body: galleryItemInputSchema, response: { 201: galleryItemSchema } } }, async (request, reply) => {
    reply.status(201);
    return createGalleryItem(galleryDeps(request.log), request.body);
  });

  app.put('/gallery/:id', { schema: { params: idParamSchema, body: galleryItemInputSchema, response: { 200: galleryItemSchema } } }, async (request) =>
    editGalleryItem(galleryDeps(request.log), request.params.id, request.body),
  );

  app.delete('/gallery/:id', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await removeGalleryItem(galleryDeps(request.log), request.params.id);
    return { message: 'Gallery item deleted.' };
  });

  app.post(
    '/gallery/:id/image',
    { bodyLimit: UPLOAD_BODY_LIMIT, schema: { params: idParamSchema, body: galleryImageUploadSchema, response: { 200: galleryItemSchema } } },
    async (request) => replaceGalleryImage(galleryDeps(request.log), request.params.id, request.body.dataUrl),
  );
}
