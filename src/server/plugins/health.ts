import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../errors';

/**
 * /healthz: the process is alive. /readyz: this instance should get traffic, which it should not
 * while shutting down (the load balancer moves on during the drain) or without its database.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (app.lifecycle.isShuttingDown) {
      return reply.status(503).header('connection', 'close').send({ status: 'shutting_down', message: 'This server is shutting down.', code: 'SHUTTING_DOWN' });
    }
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'database not reachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', message: 'The database is not reachable.', code: 'DATABASE_UNAVAILABLE' });
    }
  });
}
