import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.', code: 'INTERNAL' });
    }
  });
}
