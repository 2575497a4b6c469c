import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../../plugins/auth';
import { z } from 'zod';
import { checkEmailConfirmToken, googleLogin, login, logout, register, REGISTERED_MESSAGE, type NewSession } from '../services/auth';
import { redeemSignInLink } from '../services/owner';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { verifyRecaptcha } from '../services/recaptcha';
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  userResponseSchema,
  userSchema,
} from '../../../shared/schemas/auth';
import { messageSchema } from '../../../shared/schemas/common';

const MINUTE = 60_000;
/** Holds the owner's confirmation token between opening the emailed link and signing in (see checkEmailConfirmToken). */
const EMAIL_PROOF_COOKIE = 'email_proof';

/** Per client address and window; the forms posted without JavaScript (plugins/form-posts.ts) share these counters. */
export const REGISTER_LIMIT = { max: 10, windowMs: 60 * MINUTE };
export const LOGIN_LIMIT = { max: 20, windowMs: 15 * MINUTE };
export const FORGOT_PASSWORD_LIMIT = { max: 10, windowMs: 60 * MINUTE };

const cookieOptionsOf = (config: Config) => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', secure: config.isProduction });

/** The session cookie of a sign-in (also the sign-in form posted without JavaScript). */
export function setSessionCookie(reply: FastifyReply, session: NewSession, config: Config) {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptionsOf(config), expires: session.expiresAt });
}

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = cookieOptionsOf(app.config);
  const deps = () => ({ db: app.db, config: app.config, now: app.now() });
  /**
   * A form bots post: its limit (the form posted without JavaScript counts against it too) and,
   * once the body is valid, the reCAPTCHA check of `action` before the handler runs.
   */
  const botChecked = (limit: { max: number; windowMs: number }, action: string) => ({
    config: { rateLimit: app.limit(limit.max, limit.windowMs) },
    preHandler: async (request: FastifyRequest) => {
      const { recaptchaToken } = request.body as { recaptchaToken?: string };
      await verifyRecaptcha(app.config, { token: recaptchaToken, action, remoteIp: request.ip }, request.log);
    },
  });

  app.post(
    '/auth/register',
    { schema: { body: registerSchema, response: { 201: messageSchema } }, ...botChecked(REGISTER_LIMIT, 'register') },
    async (request, reply) => {
      await register(deps(), request.body);
      return reply.status(201).send({ message: REGISTERED_MESSAGE });
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginSchema, response: { 200: userResponseSchema } }, ...botChecked(LOGIN_LIMIT, 'login') },
    async (request, reply) => {
      const proof = request.cookies[EMAIL_PROOF_COOKIE] ?? null;
      const session = await login(deps(), request.body, request.sessionTokenHash, proof);
      setSessionCookie(reply, session, app.config);
      if (proof) reply.clearCookie(EMAIL_PROOF_COOKIE, { ...cookieOptions, path: '/api/auth' });
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
      setSessionCookie(reply, session, app.config);
      return { user: session.user };
    },
  );

  // The link in the owner's confirmation email: a browser navigation, so it answers with a redirect.
  // The address counts as proven at the next password sign-in in this browser, which the cookie
  // carries the token to (an hour to do it; the link itself stays valid until then).
  app.get(
    '/auth/confirm-email',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) }, config: { rateLimit: app.limit(20, 15 * MINUTE) } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const pending = await checkEmailConfirmToken(app.db, token);
      if (pending) reply.setCookie(EMAIL_PROOF_COOKIE, token, { ...cookieOptions, path: '/api/auth', maxAge: 60 * 60 });
      return reply.redirect(`/login?emailConfirmed=${pending ? '1' : '0'}`, 303);
    },
  );

  // The one-time link `npm run owner -- add EMAIL` prints: a browser navigation, so it answers with
  // a redirect, to /admin signed in, or to /login with a sentence when the link is dead.
  app.get(
    '/auth/sign-in-link',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) }, config: { rateLimit: app.limit(20, 15 * MINUTE) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await redeemSignInLink(deps(), request.query.token ?? '', request.sessionTokenHash);
      if (!session) return reply.redirect('/login?signInLink=invalid', 303);
      setSessionCookie(reply, session, app.config);
      return reply.redirect('/admin', 303);
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageSchema } }, ...botChecked(FORGOT_PASSWORD_LIMIT, 'forgot_password') },
    async (request) => {
      await requestPasswordReset(deps(), request.body);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { body: resetPasswordSchema, response: { 200: userResponseSchema } },
      config: { rateLimit: app.limit(20, 15 * MINUTE) },
    },
    async (request, reply) => {
      const session = await resetPassword(deps(), request.body, request.sessionTokenHash);
      setSessionCookie(reply, session, app.config);
      return { user: session.user };
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
