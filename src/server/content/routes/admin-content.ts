import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import { galleryItemsSchema } from '../../../shared/schemas/content';
import {
  adminServiceSchema,
  adminServicesSchema,
  adminTestimonialSchema,
  adminTestimonialsSchema,
  orderInputSchema,
  serviceInputSchema,
  testimonialInputSchema,
} from '../../../shared/schemas/admin-content';
import {
  createTestimonial,
  editService,
  editTestimonial,
  listServicesForAdmin,
  listTestimonialsForAdmin,
  removeTestimonial,
  reorderGallery,
  reorderServices,
  reorderTestimonials,
} from '../services/admin-content';

/** Services, testimonials and the gallery's order. Registered inside the admin routes, whose hook requires an admin. */
export async function adminContentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, now: app.now() });

  app.get('/services', { schema: { response: { 200: adminServicesSchema } } }, async () => listServicesForAdmin(app.db));

  app.put('/services/order', { schema: { body: orderInputSchema, response: { 200: adminServicesSchema } } }, async (request) => reorderServices(deps(), request.body.ids));

  app.put('/services/:id', { schema: { params: idParamSchema, body: serviceInputSchema, response: { 200: adminServiceSchema } } }, async (request) =>
    editService(deps(), request.params.id, request.body),
  );

  app.get('/testimonials', { schema: { response: { 200: adminTestimonialsSchema } } }, async () => listTestimonialsForAdmin(app.db));

  app.post('/testimonials', { schema: { body: testimonialInputSchema, response: { 201: adminTestimonialSchema } } }, async (request, reply) => {
    const created = await createTestimonial(deps(), request.body);
    return reply.status(201).send(created);
  });

  app.put('/testimonials/order', { schema: { body: orderInputSchema, response: { 200: adminTestimonialsSchema } } }, async (request) =>
    reorderTestimonials(deps(), request.body.ids),
  );

  app.put('/testimonials/:id', { schema: { params: idParamSchema, body: testimonialInputSchema, response: { 200: adminTestimonialSchema } } }, async (request) =>
    editTestimonial(deps(), request.params.id, request.body),
  );

  app.delete('/testimonials/:id', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await removeTestimonial(deps(), request.params.id);
    return { message: 'Testimonial deleted.' };
  });

  app.put('/gallery/order', { schema: { body: orderInputSchema, response: { 200: galleryItemsSchema } } }, async (request) => reorderGallery(deps(), request.body.ids));
}
