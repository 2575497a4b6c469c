import type { FastifyInstance } from 'fastify';

/**
 * The routes behind a private link's token (a guest's booking, /api/manage/:token; an invoice,
 * /api/invoices/:token): the token is the only key, so each address may read and change only so
 * often (tokens cannot be guessed at speed), and the answers are never kept by shared caches nor
 * indexed. Call in the routes' own plugin.
 */
export function privateLinkRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  });
  // Requests per client address and minute: reading, and changing.
  return { read: { rateLimit: app.limit(60, 60_000) }, write: { rateLimit: app.limit(10, 60_000) } };
}
