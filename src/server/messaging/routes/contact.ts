import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../shared/schemas/common';
import { contactSchema } from '../../../shared/schemas/contact';
import { CONTACT_THANKS, submitContactMessage } from '../services/contact';
import { checkRecaptcha } from '../../accounts';

/** Messages per client address and window, shared with the form posted without JavaScript (plugins/form-posts.ts). */
export const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60_000 };

export async function contactRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/contact',
    {
      schema: { body: contactSchema, response: { 201: messageSchema } },
      config: { rateLimit: app.limit(CONTACT_LIMIT.max, CONTACT_LIMIT.windowMs) },
    },
    async (request, reply) => {
      const { recaptchaToken, ...message } = request.body;
      await submitContactMessage(app.db, message, {
        now: app.now(),
        businessEmail: app.config.businessEmail,
        timeZone: app.config.businessTz,
        isBotCheckOn: app.config.recaptcha !== null,
        botCheck: () => checkRecaptcha(app.config, { token: recaptchaToken, action: 'contact_submit', remoteIp: request.ip }, request.log),
      });
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
}
