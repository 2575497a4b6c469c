import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CLIENT_ROUTES, PRERENDERED_ROUTES } from '../../shared/routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where a prerendered route's HTML lives inside the client build. */
export function pageFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * Serves the built client: prerendered pages, the app shell for browser-only routes, hashed
 * assets cached for a year, and a real 404 (status and page) for anything else.
 */
export const staticPagesPlugin = fp(async (app: FastifyInstance, opts: { clientDir?: string }) => {
  const { clientDir } = opts;
  const hasClient = Boolean(clientDir && existsSync(join(clientDir, 'index.html')));

  const notFoundJson = { message: 'Not found.', code: 'NOT_FOUND' };
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || !hasClient || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundJson);
    }
    return sendPage(reply.status(404), '404.html');
  });
  if (!hasClient || !clientDir) return;

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
      else if (/\.html(\.br|\.gz)?$/.test(filePath)) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=86400');
    },
  });

  function sendPage(reply: FastifyReply, file: string) {
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);
  }

  for (const route of PRERENDERED_ROUTES) {
    const file = pageFile(route);
    app.get(route === '/' ? '/' : route, (_req, reply) => sendPage(reply, file));
    if (route !== '/') app.get(`${route}/`, (_req, reply) => sendPage(reply, file));
  }
  for (const route of CLIENT_ROUTES) {
    app.get(route, (_req, reply) => sendPage(reply, 'app.html'));
    app.get(`${route}/`, (_req, reply) => sendPage(reply, 'app.html'));
  }
  // HTML files are reached through their routes only, so /index.html is not a second address.
  app.get('/index.html', (_req, reply) => reply.redirect('/', 301));
});
