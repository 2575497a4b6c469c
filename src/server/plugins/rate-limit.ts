import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { hitRateLimit } from '../accounts';
import { RateLimitError } from '../errors';

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Keeps counters in the database so limits hold across several app instances and restarts
 * (DESIGN.md: nothing that matters lives only in one process's memory).
 */
function databaseStore(db: Db, now: () => Date) {
  return class DatabaseStore {
    private readonly prefix: string;
    constructor(options: { routeInfo?: { url?: string; method?: string } } = {}) {
      this.prefix = options.routeInfo ? `${options.routeInfo.method} ${options.routeInfo.url}` : 'global';
    }
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      const at = now();
      hitRateLimit(db, `${this.prefix}|${key}`, timeWindow, at).then(
        (row) => callback(null, { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - at.getTime()) }),
        (err: Error) => callback(err),
      );
    }
    child(routeOptions: { routeInfo?: { url?: string; method?: string } }) {
      return new DatabaseStore(routeOptions);
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route-level rate limit, scaled by RATE_LIMIT_SCALE. Use as `config: { rateLimit: app.limit(5, 60_000) }`. */
    limit(max: number, timeWindowMs: number, keyGenerator?: (req: FastifyRequest) => string): { max: number; timeWindow: number; keyGenerator?: (req: FastifyRequest) => string };
    /**
     * Counts `request` against another route's limit (`route` as 'POST /api/contact', keyed by the
     * client's address like the route's own), so a form posted without JavaScript and the JSON
     * API it stands for share one counter. Throws RateLimitError past `limit.max` (from app.limit).
     */
    spendLimit(route: string, request: FastifyRequest, limit: { max: number; timeWindow: number }): Promise<void>;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { db: Db; now: () => Date; scale: number }) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(opts.db, opts.now) as never,
    // A failing counter store must not take the site down with it.
    skipOnError: true,
    errorResponseBuilder: () => new RateLimitError(),
  });
  app.decorate('limit', (max: number, timeWindowMs: number, keyGenerator?: (req: import('fastify').FastifyRequest) => string) => ({
    max: Math.max(1, Math.ceil(max * opts.scale)),
    timeWindow: timeWindowMs,
    ...(keyGenerator ? { keyGenerator } : {}),
  }));
  app.decorate('spendLimit', async (route: string, request: import('fastify').FastifyRequest, limit: { max: number; timeWindow: number }) => {
    let count: number;
    try {
      count = (await hitRateLimit(opts.db, `${route}|${request.ip}`, limit.timeWindow, opts.now())).count;
    } catch {
      // As skipOnError above: a failing counter store must not take the site down with it.
      return;
    }
    if (count > limit.max) throw new RateLimitError();
  });
});
