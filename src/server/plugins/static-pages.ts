import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ROUTES, CLIENT_ROUTE_PATTERNS, CLIENT_ROUTES, SERVER_RENDERED_ROUTES, REVIEW_ROUTE } from '../../shared/routes';
import type { FormPost } from '../../shared/form-post';
import { ADMIN_SHELL, APP_SHELL, createPageRenderer, NOT_FOUND, type PageRenderer } from './pages';
import { encodeBody } from './encoded-body';
import { ownerAppManifest } from './owner-app';
import { formRoutes, pageVariant, reviewPageVariant, sendPrivatePage } from './form-posts';
import { REVIEW_LINK_LIMIT } from '../reviews';
import { sendEncoded } from './encoded-body';
import { visitorReads } from '../content';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The SSR entry and page shell the build writes beside the client (dist/ssr). */
export function ssrDirOf(clientDir: string): string {
  return join(clientDir, '..', 'ssr');
}

/**
 * Serves the built client: the public pages rendered on the server from the database (see
 * plugins/pages.ts), the app shell for browser-only routes, hashed assets cached for a year,
 * and a real 404 (status and page) for anything else.
 */
export const staticPagesPlugin = fp(async (app: FastifyInstance, opts: { clientDir?: string }) => {
  const { clientDir } = opts;
  const hasClient = Boolean(clientDir && existsSync(join(ssrDirOf(clientDir), 'shell.json')));
  let renderer: PageRenderer | null = null;

  const notFoundJson = { message: 'Not found.', code: 'NOT_FOUND' };
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || !hasClient || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundJson);
    }
    return sendPage(request, reply.status(404), NOT_FOUND);
  });
  if (!hasClient || !clientDir) return;
  const reads = visitorReads(app.contentCache, app.db, app.config);
  const pages = createPageRenderer({ reads, ssrDir: ssrDirOf(clientDir), cache: app.contentCache, now: () => app.now() });
  renderer = pages;
  // Rendered ahead of the first visitor, without holding up the start.
  app.addHook('onReady', async () => {
    void pages.warm();
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: true,
    index: false,
    redirect: false,
    preCompressed: true,
    // HTML files are reached through their routes only (below), so /app.html or /404.html is not
    // a second address answering 200; pages' own sendFile calls are not affected.
    allowedPath: (pathName, _root, request) => request.routeOptions.url !== '/*' || !/\.html$/.test(pathName),
    setHeaders(res, filePath) {
      if (filePath.includes(`${join(clientDir, 'assets')}`)) res.header('cache-control', IMMUTABLE);
      // The service worker: always checked with the server, so a new build's worker is found at once.
      else if (/[/\\]admin-sw\.js(\.br|\.gz)?$/.test(filePath)) res.header('cache-control', 'no-cache');
      else if (/\.html(\.br|\.gz)?$/.test(filePath)) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=86400');
    },
  });

  // The sign-in screen is rendered like the public pages, so its forms work without JavaScript.
  for (const route of [...SERVER_RENDERED_ROUTES, ...AUTH_ROUTES]) {
    app.get(route, (request, reply) => sendPage(request, reply, route));
    if (route !== '/') app.get(`${route}/`, (request, reply) => sendPage(request, reply, route));
  }
  // A review link: its job, rendered for the request (rate-limited like the API's read of it), kept out of search results.
  app.get(REVIEW_ROUTE, { config: { rateLimit: app.limit(REVIEW_LINK_LIMIT.max, REVIEW_LINK_LIMIT.windowMs) } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const sent: FormPost | null = (request.query as Record<string, unknown>).sent === '1' ? { form: 'review', done: 'sent' } : null;
    const variant = await reviewPageVariant(app, token, sent);
    const body = await pages.renderOnce(REVIEW_ROUTE, `/review/${encodeURIComponent(token)}`, variant);
    return sendPrivatePage(request, reply.header('x-robots-tag', 'noindex, nofollow'), body);
  });
  // The forms of these pages, posted without JavaScript.
  await app.register(formRoutes, { pages });
  for (const route of CLIENT_ROUTES) {
    // /admin links the owner's app's manifest; no other page does.
    const shell = route === '/admin' ? ADMIN_SHELL : APP_SHELL;
    app.get(route, (request, reply) => sendPage(request, reply, shell));
    app.get(`${route}/`, (request, reply) => sendPage(request, reply, shell));
  }
  // The owner's app's manifest, named after the business (kept until the content changes).
  app.get('/admin.webmanifest', async (request, reply) => {
    const body = await app.contentCache.read('admin-manifest', async () =>
      encodeBody(Buffer.from(JSON.stringify(ownerAppManifest((await reads.config()).business.name))), 'application/manifest+json; charset=utf-8', 'max'),
    );
    return sendEncoded(request, reply, body);
  });
  // Private links (a guest's booking, a review): the shell, kept out of search results.
  for (const route of CLIENT_ROUTE_PATTERNS) {
    app.get(route, (request, reply) => sendPage(request, reply.header('x-robots-tag', 'noindex, nofollow'), APP_SHELL));
  }
  // HTML files are reached through their routes only, so /index.html is not a second address.
  app.get('/index.html', (_req, reply) => reply.redirect('/', 301));

  /**
   * A rendered page, as brotli or gzip when the browser takes it, and 304 when it already has this
   * one. The query a page reads (a flag after a form's redirect, /login?forgot=1) picks its variant.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, route: string) {
    return sendEncoded(request, reply, await renderer!.page(route, pageVariant(route, request.query)));
  }
});
