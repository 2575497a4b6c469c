import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../shared/schemas/common';
import { reviewRequestSchema, reviewTokenParamSchema, submitReviewSchema } from '../../../shared/schemas/reviews';
import { getReviewRequest, submitReview } from '../../services/reviews';

const MINUTE = 60_000;

/** The customer's review, reached only through the emailed link's token (rate-limited: tokens are not to be guessed). */
export async function reviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reviews/:token',
    { schema: { params: reviewTokenParamSchema, response: { 200: reviewRequestSchema } }, config: { rateLimit: app.limit(30, 15 * MINUTE) } },
    async (request) => getReviewRequest(app.db, request.params.token),
  );

  app.post(
    '/reviews/:token',
    {
      schema: { params: reviewTokenParamSchema, body: submitReviewSchema, response: { 201: messageSchema } },
      config: { rateLimit: app.limit(10, 15 * MINUTE) },
    },
    async (request, reply) => reply.status(201).send(await submitReview({ db: app.db, now: app.now() }, request.params.token, request.body)),
  );
}
