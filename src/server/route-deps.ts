import type { FastifyInstance } from 'fastify';

/**
 * What most services take from the app, for one request: the database, the time now (read once,
 * so one request sees one instant) and the business's time zone. Routes spread it into a
 * service's deps and add what else that service needs.
 */
export function clockDeps(app: FastifyInstance) {
  return { db: app.db, now: app.now(), timeZone: app.config.businessTz };
}
