import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { findSessionUser, roleFor, hashToken, type SessionUser } from '../accounts';
import { ForbiddenError, UnauthenticatedError } from '../errors';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Filled from the session cookie before any handler runs. */
    user: SessionUser | null;
    /** SHA-256 (hex) of the session cookie's token, when one was sent. */
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook that answers 401 unless someone is signed in. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** onRequest hook: 401 when signed out, 403 unless the user is an admin (the business). */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; now: () => Date }) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    request.sessionTokenHash = hashToken(token);
    const user = await findSessionUser(opts.db, request.sessionTokenHash, opts.now());
    // The role from the row and the configuration as they are now, not as they were at sign-in.
    if (user) request.user = { id: user.id, email: user.email, fullName: user.fullName, phone: user.phone, role: roleFor(app.config, user) };
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw new UnauthenticatedError();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.user) throw new UnauthenticatedError();
    if (request.user.role !== 'admin') throw new ForbiddenError('Only the business can do that.');
  });
});
