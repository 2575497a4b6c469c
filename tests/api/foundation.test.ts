import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rateLimits, services, sessions, users } from '../../src/server/db/schema';
import { bumpVersions } from '../../src/server/settings/repositories/settings';
import { securityHeaders } from '../../src/server/plugins/security';
import { ConflictError } from '../../src/server/errors';
import { WORKERS } from '../../src/server/workers';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { openTestDatabase, type TestDatabase } from '../helpers/database';

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';
const SECRET_DETAIL = 'db password is hunter2 at /srv/app/secret.ts';

const echoBody = z.object({
  fullName: z.string().min(2, 'Full name must be at least 2 characters'),
  email: z.string().email('Please enter a valid email address'),
});

/** Test-only routes: an echo with a schema, and routes that fail in different ways. */
function testRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/api/test/echo', { schema: { body: echoBody } }, async (request) => ({ received: request.body }));
  app.get('/api/test/throw', async () => {
    throw new Error(SECRET_DETAIL);
  });
  app.get('/api/test/bad-sql', async () => app.db.execute(sql`select * from table_that_does_not_exist`));
  app.get('/api/test/conflict', async () => {
    throw new ConflictError('That time was just booked by someone else.', 'SLOT_TAKEN');
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), beforeReady: testRoutes });
});
afterAll(async () => t?.close());

describe('request bodies', () => {
  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"fullName": "Al' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('answers a body over 64 KB with 413', async () => {
    const res = await injectJson(t.app, 'POST', '/api/test/echo', { fullName: 'x'.repeat(70 * 1024), email: 'a@example.com' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('accepts a body just under the limit', async () => {
    const res = await injectJson(t.app, 'POST', '/api/test/echo', { fullName: 'x'.repeat(60 * 1024), email: 'a@example.com' });
    expect(res.status).toBe(200);
  });

  it('refuses a text/plain body with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'text/plain' }, payload: 'fullName=Al' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(res.json().message).toMatch(/JSON/);
  });

  it('refuses a form-encoded body with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'fullName=Al' });
    expect(res.statusCode).toBe(415);
  });

  it('gives 400 with a message per field, in the schema words', async () => {
    const res = await injectJson(t.app, 'POST', '/api/test/echo', { fullName: 'A', email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Full name must be at least 2 characters',
      code: 'VALIDATION_ERROR',
      errors: { fullName: 'Full name must be at least 2 characters', email: 'Please enter a valid email address' },
    });
  });

  it('passes a valid body through', async () => {
    const res = await injectJson(t.app, 'POST', '/api/test/echo', { fullName: 'Al Smith', email: 'al@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: { fullName: 'Al Smith', email: 'al@example.com' } });
  });
});

describe('error replies', () => {
  it('answers an unknown /api route with a 404 JSON body', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await injectJson(t.app, method, '/api/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
    }
  });

  it('hides an unexpected error behind a generic 500', async () => {
    const res = await injectJson(t.app, 'GET', '/api/test/throw');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: GENERIC_500, code: 'INTERNAL' });
    expect(res.raw.body).not.toContain('hunter2');
    expect(res.raw.body).not.toMatch(/stack|\.ts|at /);
  });

  it('hides a database error (no SQL in the reply)', async () => {
    const res = await injectJson(t.app, 'GET', '/api/test/bad-sql');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: GENERIC_500, code: 'INTERNAL' });
    expect(res.raw.body).not.toContain('table_that_does_not_exist');
  });

  it('maps a domain error code to its status', async () => {
    const res = await injectJson(t.app, 'GET', '/api/test/conflict');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'That time was just booked by someone else.', code: 'SLOT_TAKEN' });
  });
});

describe('security', () => {
  it('refuses a write from a foreign Origin with 403', async () => {
    const res = await injectJson(t.app, 'POST', '/api/test/echo', { fullName: 'Al Smith', email: 'al@example.com' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'This request must come from the site itself.', code: 'FORBIDDEN' });
    const nullOrigin = await injectJson(t.app, 'POST', '/api/test/echo', { fullName: 'Al Smith', email: 'al@example.com' }, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
  });

  it('accepts a write from the site origin, the request host, or without Origin', async () => {
    const body = { fullName: 'Al Smith', email: 'al@example.com' };
    expect((await injectJson(t.app, 'POST', '/api/test/echo', body, { origin: 'http://localhost:5000' })).status).toBe(200);
    expect((await injectJson(t.app, 'POST', '/api/test/echo', body, { origin: 'http://shop.test:8080', host: 'shop.test:8080' })).status).toBe(200);
    expect((await injectJson(t.app, 'POST', '/api/test/echo', body)).status).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await injectJson(t.app, 'GET', '/api/services');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Nothing to other sites; our own pages' form posts keep their Origin (no-referrer makes it "null").
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // The same set on errors; HSTS only in production (tests run over plain HTTP).
    const missing = await injectJson(t.app, 'GET', '/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ ...t.config, isProduction: true })['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await injectJson(t.app, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await injectJson(t.app, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('reports 503 on /readyz when the database is gone', async () => {
    const other = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), seed: false });
    try {
      await other.database.close();
      const res = await injectJson(other.app, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'unavailable' });
      expect((await injectJson(other.app, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});

describe('public content', () => {
  it('lists services', async () => {
    const res = await injectJson(t.app, 'GET', '/api/services');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(4);
    for (const s of res.body) {
      expect(Object.keys(s).sort()).toEqual(['category', 'description', 'durationMinutes', 'id', 'name', 'price', 'slug']);
      expect(Number.isInteger(s.price)).toBe(true);
    }
    // The seeded services in their sort order, each with its job length.
    const listed = (body: { slug: string; durationMinutes: number }[]) => body.map((s) => `${s.slug} ${s.durationMinutes}`);
    expect(listed(res.body)).toEqual(['furniture-assembly 120', 'tv-mounting 90', 'shelf-mounting 60', 'custom-project 180']);

    // Only active services, in sort order (not id order).
    const before = await t.db.select().from(services);
    try {
      // As the admin's edits do: the change and the content version in one transaction.
      await t.db.transaction(async (tx) => {
        await tx.update(services).set({ active: false }).where(eq(services.slug, 'tv-mounting'));
        await tx.update(services).set({ sortOrder: 0 }).where(eq(services.slug, 'custom-project'));
        await bumpVersions(tx, ['content'], new Date());
      });
      const changed = await injectJson(t.app, 'GET', '/api/services');
      expect(listed(changed.body)).toEqual(['custom-project 180', 'furniture-assembly 120', 'shelf-mounting 60']);
    } finally {
      await t.db.transaction(async (tx) => {
        for (const s of before) await tx.update(services).set({ active: s.active, sortOrder: s.sortOrder }).where(eq(services.id, s.id));
        await bumpVersions(tx, ['content'], new Date());
      });
    }
  });

  it('lists the gallery, all or by category', async () => {
    const all = await injectJson(t.app, 'GET', '/api/gallery');
    expect(all.status).toBe(200);
    const categories = new Set(all.body.map((g: { category: string }) => g.category));
    expect([...categories].sort()).toEqual(['furniture-assembly', 'mounting']);
    for (const category of ['furniture-assembly', 'mounting']) {
      const some = await injectJson(t.app, 'GET', `/api/gallery?category=${category}`);
      expect(some.status).toBe(200);
      expect(some.body.length).toBe(all.body.filter((g: { category: string }) => g.category === category).length);
      expect(some.body.every((g: { category: string }) => g.category === category)).toBe(true);
    }
    const bad = await injectJson(t.app, 'GET', '/api/gallery?category=boats');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'category must be furniture-assembly or mounting' });
  });

  it('lists testimonials with content equal to comment', async () => {
    const res = await injectJson(t.app, 'GET', '/api/testimonials');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const item of res.body) {
      expect(item.content).toBe(item.comment);
      expect(item.rating).toBeGreaterThanOrEqual(1);
      expect(item.rating).toBeLessThanOrEqual(5);
      expect(item).toHaveProperty('serviceType');
      expect(item).toHaveProperty('location');
    }
  });

  it('gives the public config (demo payments by default)', async () => {
    const res = await injectJson(t.app, 'GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual({ provider: 'demo', publishableKey: null });
    expect(res.body.recaptcha).toEqual({ enabled: false, siteKey: null });
    expect(res.body.google).toEqual({ enabled: false, clientId: null });
    expect(res.body.business.timeZone).toBe('America/Los_Angeles');
    expect(typeof res.body.business.phone).toBe('string');
  });

  it('never puts a secret key in the public config', async () => {
    const secrets = {
      STRIPE_SECRET_KEY: 'sk_test_SECRETVALUE1',
      STRIPE_WEBHOOK_SECRET: 'whsec_SECRETVALUE2',
      RECAPTCHA_SECRET_KEY: 'recaptcha-SECRETVALUE3',
      SESSION_SECRET: 'session-SECRETVALUE4',
      CALENDAR_FEED_TOKEN: 'feed-SECRETVALUE5',
    };
    const other = await createTestApp({
      clock: createClock('2026-06-01T17:00:00Z'),
      seed: false,
      env: { ...secrets, STRIPE_PUBLISHABLE_KEY: 'pk_test_public1', RECAPTCHA_SITE_KEY: 'site-public2', GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' },
    });
    try {
      const res = await injectJson(other.app, 'GET', '/api/config');
      expect(res.status).toBe(200);
      expect(res.body.payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_public1' });
      expect(res.body.recaptcha).toEqual({ enabled: true, siteKey: 'site-public2' });
      expect(res.body.google).toEqual({ enabled: true, clientId: 'client.apps.googleusercontent.com' });
      expect(res.raw.body).not.toContain('SECRETVALUE');
    } finally {
      await other.close();
    }
  });
});

describe('rate limits', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const clock = createClock('2030-03-04T18:00:00Z');
  const limited = (app: FastifyInstance) => {
    app.get('/api/test/limited', { config: { rateLimit: app.limit(3, 60_000) } }, async () => ({ ok: true }));
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    a = await createTestApp({ database, clock, seed: false, beforeReady: limited });
    b = await createTestApp({ database, clock, seed: false, beforeReady: limited });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('counts hits across two app instances sharing one database', async () => {
    expect((await injectJson(a.app, 'GET', '/api/test/limited')).status).toBe(200);
    expect((await injectJson(b.app, 'GET', '/api/test/limited')).status).toBe(200);
    const third = await injectJson(a.app, 'GET', '/api/test/limited');
    expect(third.status).toBe(200);
    expect(third.headers['x-ratelimit-remaining']).toBe('0');

    const fourth = await injectJson(b.app, 'GET', '/api/test/limited');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await injectJson(a.app, 'GET', '/api/test/limited')).status).toBe(429);
  });

  it('opens again when the window has passed', async () => {
    clock.advance(61_000);
    expect((await injectJson(b.app, 'GET', '/api/test/limited')).status).toBe(200);
  });

  it('has a background job that removes expired counters and expired sessions', async () => {
    const counters = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits))[0].n;
    const sessionCount = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0].n;
    const [user] = await database.db.insert(users).values({ email: `cleanup-${Date.now()}@example.com`, fullName: 'Old Session', passwordHash: 'x' }).returning();
    await database.db.insert(sessions).values([
      { tokenHash: `live-${user.id}`, userId: user.id, expiresAt: new Date(clock.now().getTime() + 3_600_000) },
      { tokenHash: `dead-${user.id}`, userId: user.id, expiresAt: new Date(clock.now().getTime() + 30_000) },
    ]);
    const cleanup = WORKERS.find((w) => w.name === 'expired-rows-cleanup');
    expect(cleanup).toBeDefined();
    expect(await counters()).toBeGreaterThan(0);
    await cleanup!.run(a.app);
    expect(await counters()).toBeGreaterThan(0);
    expect(await sessionCount()).toBe(2);
    clock.advance(61_000);
    await cleanup!.run(a.app);
    expect(await counters()).toBe(0);
    expect((await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((r) => r.tokenHash)).toEqual([`live-${user.id}`]);
  });
});
