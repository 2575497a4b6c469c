import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingSchema,
  createBookingSchema,
  createPaymentIntentSchema,
  demoConfirmResultSchema,
  demoConfirmSchema,
  jobTimeSlotsQuerySchema,
  paymentIntentSchema,
  timeSlotsSchema,
} from '../../../shared/schemas/booking';
import { BadRequestError, NotFoundError } from '../../errors';
import { hashToken } from '../../accounts';
import { createBooking, toBookingResponse } from '../services/bookings';
import { offeredStarts } from '../../schedule';
import { readSettings } from '../../settings';
import { encodeJson, sendEncoded } from '../../plugins/encoded-body';
import { confirmDemoPayment, createPaymentIntentForBooking, handleStripeEvent, paymentDeps } from '../services/bookings-payments';
import { verifyStripeEvent } from '../../payments';

/** Cookie of this browser's pay tokens: "id.token~id.token", the latest few bookings. */
const PAY_COOKIE = 'booking_pay';
const MAX_PAY_TOKENS = 5;
/** Longer than a hold (30 minutes): a paid-late booking can still be paid, as the server decides. */
const PAY_COOKIE_SECONDS = 2 * 60 * 60;

function readPayTokens(cookie: string | undefined): [number, string][] {
  if (!cookie || cookie.length > 2000) return [];
  return cookie
    .split('~')
    .map((entry) => /^(\d{1,10})\.([\w-]{16,64})$/.exec(entry))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [Number(m[1]), m[2]] as [number, string]);
}

export async function bookingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/time-slots', { schema: { querystring: jobTimeSlotsQuerySchema, response: { 200: timeSlotsSchema } } }, async (request, reply) => {
    const { date, serviceType, minutes, twoPeople = false } = request.query;
    const now = app.now();
    // Kept per date, service, job length and crew need until the schedule version changes, and
    // per minute: every start and notice is whole minutes, so "far enough from now" has one
    // answer all through (m - 1 min, m]; a hold that runs out within the minute frees its start
    // by the next one. See decision 0014.
    const minute = String(Math.ceil(now.getTime() / 60_000));
    const body = await app.slotCache.read(
      `${date}|${serviceType ?? ''}|${minutes ?? ''}|${twoPeople ? 2 : 1}`,
      async () => {
        const settings = await readSettings(app.db);
        const starts = await offeredStarts(app.db, { date, serviceType, durationMinutes: minutes, twoPeople, now, timeZone: app.config.businessTz, settings });
        return encodeJson(timeSlotsSchema, starts.map((s) => ({ id: s.id, slotTime: s.label })), 'fast');
      },
      minute,
    );
    return sendEncoded(request, reply, body);
  });

  app.post(
    '/bookings',
    { schema: { body: createBookingSchema, response: { 201: bookingSchema } }, config: { rateLimit: app.limit(10, 60_000) } },
    async (request, reply) => {
      // The browser that books gets a token for paying this booking (see PaymentRequester).
      const payToken = randomBytes(24).toString('base64url');
      const booking = await createBooking(app.db, request.body, {
        userId: request.user?.id ?? null,
        now: app.now(),
        timeZone: app.config.businessTz,
        payTokenHash: hashToken(payToken),
        clientIp: request.ip,
        isAdmin: request.user?.role === 'admin',
        rateLimitScale: app.config.rateLimitScale,
        textsEnabled: app.config.twilio !== null,
      });
      const kept = readPayTokens(request.cookies[PAY_COOKIE]).slice(-(MAX_PAY_TOKENS - 1));
      const value = [...kept.map(([id, token]) => `${id}.${token}`), `${booking.id}.${payToken}`].join('~');
      reply.setCookie(PAY_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/api', secure: app.config.isProduction, maxAge: PAY_COOKIE_SECONDS });
      return reply.status(201).send(toBookingResponse(booking));
    },
  );

  app.post(
    '/create-payment-intent',
    { schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentSchema } }, config: { rateLimit: app.limit(20, 60_000) } },
    async (request) => {
      const { bookingId } = request.body;
      const payTokenHashes = readPayTokens(request.cookies[PAY_COOKIE])
        .filter(([id]) => id === bookingId)
        .map(([, token]) => hashToken(token));
      const requester = { userId: request.user?.id ?? null, payTokenHashes };
      return { clientSecret: await createPaymentIntentForBooking(app.db, app.payments, bookingId, app.now(), requester) };
    },
  );

  app.post(
    '/payments/demo/confirm',
    { schema: { body: demoConfirmSchema, response: { 200: demoConfirmResultSchema } }, config: { rateLimit: app.limit(20, 60_000) } },
    async (request) => {
      if (app.payments.name !== 'demo') throw new NotFoundError();
      return confirmDemoPayment(app.db, request.body, app.now(), paymentDeps(app));
    },
  );

  // Stripe signs the exact bytes it sent, so this route alone reads the body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    raw.post('/stripe/webhook', { bodyLimit: 512 * 1024 }, async (request) => {
      const { payments } = app.config;
      if (payments.provider !== 'stripe' || !payments.webhookSecret) throw new NotFoundError();
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new BadRequestError('Missing Stripe signature.');
      let event;
      try {
        event = verifyStripeEvent(request.body, signature, payments.webhookSecret);
      } catch {
        throw new BadRequestError('Invalid Stripe signature.');
      }
      const result = await handleStripeEvent(app.db, event, app.now(), paymentDeps(app));
      return { received: true, result };
    });
  });
}
