import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../shared/schemas/common';
import { publicQuoteSchema, quoteTokenParamSchema } from '../../../shared/schemas/estimates';
import { clockDeps } from '../../route-deps';
import { declineQuote, readQuote } from '../services/quotes';

/** Requests per client address and minute, as the manage links': reading a quote, and declining one. */
const READS_PER_MINUTE = 60;
const WRITES_PER_MINUTE = 10;

/**
 * The customer's quote through its private link (/quote/{token}); booking it is POST
 * /api/bookings with `quoteToken`. The token is the only key, and every route is rate-limited per
 * address so tokens cannot be guessed at speed. Registered under /api/quotes.
 */
export async function quoteRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.addHook('onSend', async (_request, reply) => {
    // A private page's data: never kept by shared caches, never indexed.
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  });

  app.get(
    '/:token',
    { config: { rateLimit: app.limit(READS_PER_MINUTE, 60_000) }, schema: { params: quoteTokenParamSchema, response: { 200: publicQuoteSchema } } },
    async (request) => readQuote(clockDeps(app), request.params.token),
  );

  app.post(
    '/:token/decline',
    { config: { rateLimit: app.limit(WRITES_PER_MINUTE, 60_000) }, schema: { params: quoteTokenParamSchema, response: { 200: messageSchema } } },
    async (request) => declineQuote(clockDeps(app), request.params.token),
  );
}
