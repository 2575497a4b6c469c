import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/schemas/common';
import { adminReviewActionSchema, adminReviewsQuerySchema, adminReviewsResponseSchema } from '../../../shared/schemas/reviews';
import { listReviews, setReviewVisibility } from '../services/reviews';

/** Customers' reviews: read, publish, hide (registered inside the admin plugin, behind its admin check). */
export async function adminReviewsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/reviews', { schema: { querystring: adminReviewsQuerySchema, response: { 200: adminReviewsResponseSchema } } }, async (request) => ({
    reviews: await listReviews(app.db, request.query.status),
  }));

  app.post('/reviews/:id/publish', { schema: { params: idParamSchema, response: { 200: adminReviewActionSchema } } }, async (request) =>
    setReviewVisibility({ db: app.db, now: app.now() }, request.params.id, 'published'),
  );

  app.post('/reviews/:id/hide', { schema: { params: idParamSchema, response: { 200: adminReviewActionSchema } } }, async (request) =>
    setReviewVisibility({ db: app.db, now: app.now() }, request.params.id, 'hidden'),
  );
}
