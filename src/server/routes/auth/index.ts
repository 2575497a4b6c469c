import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../plugins/auth';
import { z } from 'zod';
import { confirmEmail, googleLogin, login, logout, register, REGISTERED_MESSAGE, type NewSession } from '../../services/auth';
import { verifyRecaptcha } from '../../services/recaptcha';
import { googleLoginSchema, loginSchema, registerSchema, userResponseSchema, userSchema } from '../../../shared/schemas/auth';
import { messageSchema } from '../../../shared/schemas/common';

const MINUTE = 60_000;

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: app.config.isProduction };

  function setSessionCookie(reply: FastifyReply, session: NewSession) {
    reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: session.expiresAt });
  }
  const deps = () => ({ db: app.db, config: app.config, now: app.now() });

  app.post(
    '/auth/register',
    {
      schema: { body: registerSchema, response: { 201: messageSchema } },
      config: { rateLimit: app.limit(10, 60 * MINUTE) },
    },
    async (request, reply) => {
      await verifyRecaptcha(app.config, { token: request.body.recaptchaToken, action: 'register', remoteIp: request.ip }, request.log);
      await register(deps(), request.body);
      return reply.status(201).send({ message: REGISTERED_MESSAGE });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginSchema, response: { 200: userResponseSchema } },
      config: { rateLimit: app.limit(20, 15 * MINUTE) },
    },
    async (request, reply) => {
      await verifyRecaptcha(app.config, { token: request.body.recaptchaToken, action: 'login', remoteIp: request.ip }, request.log);
      const session = await login(deps(), request.body, request.sessionTokenHash);
      setSessionCookie(reply, session);
      return { user: session.user };
    },
  );

  app.post(
    '/auth/google-login',
    {
      schema: { body: googleLoginSchema, response: { 200: userResponseSchema } },
      config: { rateLimit: app.limit(20, 15 * MINUTE) },
    },
    async (request, reply) => {
      const session = await googleLogin(deps(), request.body, request.sessionTokenHash, request.log);
      setSessionCookie(reply, session);
      return { user: session.user };
    },
  );

  // The link in the owner's confirmation email: a browser navigation, so it answers with a redirect.
  app.get(
    '/auth/confirm-email',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) }, config: { rateLimit: app.limit(20, 15 * MINUTE) } },
    async (request, reply) => {
      const confirmed = await confirmEmail(app.db, request.query.token ?? '', app.now());
      return reply.redirect(`/login?emailConfirmed=${confirmed ? '1' : '0'}`, 303);
    },
  );

  app.post('/auth/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await logout(app.db, request.sessionTokenHash);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { message: 'Logged out' };
  });

  app.get('/auth/user', { onRequest: app.requireUser, schema: { response: { 200: userSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return request.user!;
  });
}
