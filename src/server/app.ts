import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Database } from './db/client';
import { loggerOptions, type LogStream } from './logging';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { staticPagesPlugin } from './plugins/static-pages';
import { createSiteVersions, createVersionedCache, type SiteVersions, type VersionedCache } from './settings';
import { healthRoutes } from './plugins/health';
import { contentRoutes, uploadsRoutes } from './content';
import { contactRoutes, createMailer, type Mailer, createSmsSender, type SmsSender } from './messaging';
import { bookingRoutes, dashboardRoutes, dashboardMoveRoutes, manageRoutes } from './bookings';
import { availabilityRoutes, blockedTimeRoutes } from './schedule';
import { authRoutes } from './accounts';
import { adminRoutes } from './plugins/admin-area';
import { reviewRoutes } from './reviews';
import { createPaymentProvider, type PaymentProvider } from './payments';
import { priceListRoutes } from './pricing';
import { estimateRoutes, quoteRoutes } from './estimates';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The clock every service reads; tests pass a controllable one. */
  now?: () => Date;
  /** Overrides the payment provider chosen from the config (tests). */
  payments?: PaymentProvider;
  /** Overrides the mail transport chosen from the config (tests). */
  mailer?: Mailer;
  /** Serve the built client from this folder; off when unset (API-only, as in API tests). */
  clientDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read the log). */
  logStream?: LogStream;
  /** How long the database's version counters are trusted before they are read again (ms); tests pass 0. */
  versionTtlMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Database['db'];
    now: () => Date;
    payments: PaymentProvider;
    mailer: Mailer;
    /** Sends text messages; null exactly when Twilio is not configured (config.twilio), and then none is ever queued. */
    sms: SmsSender | null;
    /** Set by main.ts on SIGTERM: /readyz answers 503 from then on. */
    lifecycle: { isShuttingDown: boolean };
    /** The database's version counters, read at most once a second and at once after a write here. */
    siteVersions: SiteVersions;
    /** Visitors' reads and rendered pages, kept until the content version changes. */
    contentCache: VersionedCache;
    /** A day's offered starts per service, kept until the schedule version changes or the minute does. */
    slotCache: VersionedCache;
  }
}

/** Builds the whole app (plugins and routes) without listening, for main.ts and for tests. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const now = opts.now ?? (() => new Date());
  const app = Fastify({
    logger:
      opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream),
    bodyLimit: 64 * 1024,
    // Only the proxies TRUST_PROXY names: request.ip keys every per-address limit and hold cap.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // While closing, a request that still arrives on an open connection is served as usual
    // (main.ts closes the database only after): Fastify's canned 503 has none of our body shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: a cross-site HTML form cannot send one without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('now', now);
  app.decorate('payments', opts.payments ?? createPaymentProvider(config, database.db));
  app.decorate('mailer', opts.mailer ?? createMailer(config));
  app.decorate('sms', createSmsSender(config));
  app.decorate('lifecycle', { isShuttingDown: false });
  const siteVersions = createSiteVersions(database.db, { ttlMs: opts.versionTtlMs });
  app.decorate('siteVersions', siteVersions);
  app.decorate('contentCache', createVersionedCache(siteVersions, 'content', { serveStale: true, log: app.log }));
  // Availability is never served from a copy while the database is away: a booking would fail anyway.
  app.decorate('slotCache', createVersionedCache(siteVersions, 'schedule', { maxEntries: 2_000 }));
  // A write answered here has committed before its reply is sent: the next read checks the
  // versions again, so a change made through this instance shows at once.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') siteVersions.recheck();
    return payload;
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  // API replies are compressed on the fly; built files are served precompressed by static-pages.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimitPlugin, { db: database.db, now, scale: config.rateLimitScale });
  await app.register(authPlugin, { db: database.db, now });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(contentRoutes);
      await api.register(priceListRoutes);
      await api.register(contactRoutes);
      await api.register(estimateRoutes);
      await api.register(bookingRoutes);
      await api.register(availabilityRoutes);
      await api.register(blockedTimeRoutes);
      await api.register(authRoutes);
      await api.register(dashboardRoutes);
      await api.register(reviewRoutes);
      await api.register(dashboardMoveRoutes);
      await api.register(manageRoutes, { prefix: '/manage' });
      await api.register(quoteRoutes, { prefix: '/quotes' });
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  // Owner-uploaded gallery images from DATA_DIR/uploads.
  await app.register(uploadsRoutes);
  await app.register(staticPagesPlugin, { clientDir: opts.clientDir });
  return app;
}
