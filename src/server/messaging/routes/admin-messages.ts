import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import { adminEmailsQuerySchema, contactSubmissionsResponseSchema, outboxEmailsResponseSchema } from '../../../shared/schemas/admin';
import { listContactMessages, listEmailProblems, retryEmail } from '../services/admin-messages';

/** The owner's messages from the contact form, and the emails that could not be sent. */
export async function adminMessagesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/contact-submissions', { schema: { response: { 200: contactSubmissionsResponseSchema } } }, async () => ({
    submissions: await listContactMessages(app.db),
  }));

  app.get('/emails', { schema: { querystring: adminEmailsQuerySchema, response: { 200: outboxEmailsResponseSchema } } }, async (request) => ({
    emails: await listEmailProblems(app.db, request.query.status),
  }));

  app.post('/emails/:id/retry', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) =>
    retryEmail(app.db, request.params.id, app.now()),
  );
}
