import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../shared/schemas/common';
import { reviewRequestSchema, reviewTokenParamSchema, submitReviewSchema } from '../../../shared/schemas/reviews';
import { getReviewRequest, submitReview } from '../services/reviews';

const MINUTE = 60_000;

/** Reviews sent per client address and window, shared with the form posted without JavaScript (plugins/form-posts.ts). */
export const SUBMIT_REVIEW_LIMIT = { max: 10, windowMs: 15 * MINUTE };
/** Review links opened per client address and window (the API's read and the page the server renders). */
export const REVIEW_LINK_LIMIT = { max: 30, windowMs: 15 * MINUTE };

/** The customer's review, reached only through the emailed link's token (rate-limited: tokens are not to be guessed). */
export async function reviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reviews/:token',
    { schema: { params: reviewTokenParamSchema, response: { 200: reviewRequestSchema } }, config: { rateLimit: app.limit(REVIEW_LINK_LIMIT.max, REVIEW_LINK_LIMIT.windowMs) } },
    async (request) => getReviewRequest(app.db, request.params.token),
  );

  app.post(
    '/reviews/:token',
    {
      schema: { params: reviewTokenParamSchema, body: submitReviewSchema, response: { 201: messageSchema } },
      config: { rateLimit: app.limit(SUBMIT_REVIEW_LIMIT.max, SUBMIT_REVIEW_LIMIT.windowMs) },
    },
    async (request, reply) => reply.status(201).send(await submitReview({ db: app.db, now: app.now() }, request.params.token, request.body)),
  );
}
