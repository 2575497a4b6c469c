import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoConfirmResultSchema, demoConfirmSchema } from '../../../shared/schemas/booking';
import {
  customerInvoiceSchema,
  invoiceConfirmInputSchema,
  invoiceConfirmSchema,
  invoicePaymentIntentInputSchema,
  invoicePaymentIntentSchema,
  invoiceTokenParamSchema,
} from '../../../shared/schemas/invoices';
import { NotFoundError } from '../../errors';
import { clockDeps } from '../../route-deps';
import { confirmInvoiceDemoPayment, confirmInvoicePayment, createInvoicePaymentIntent, getCustomerInvoice } from '../services/customer';

/** Requests per client address and minute: reading an invoice, and paying one. */
const READS_PER_MINUTE = 60;
const WRITES_PER_MINUTE = 10;

/**
 * The customer's invoice through its private link (/invoice/{token}). The token is the only key:
 * a wrong, unknown or void one is the same 404; every route is rate-limited per address so tokens
 * cannot be guessed at speed, and the log never holds one (logging.ts censors the path).
 */
export async function invoiceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const read = { rateLimit: app.limit(READS_PER_MINUTE, 60_000) };
  const write = { rateLimit: app.limit(WRITES_PER_MINUTE, 60_000) };
  const deps = (log: FastifyInstance['log']) => ({ ...clockDeps(app), payments: app.payments, log });

  app.addHook('onSend', async (_request, reply) => {
    // A private page's data: never kept by shared caches, never indexed.
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  });

  app.get('/:token', { config: read, schema: { params: invoiceTokenParamSchema, response: { 200: customerInvoiceSchema } } }, async (request) =>
    getCustomerInvoice(app.db, request.params.token),
  );

  app.post(
    '/:token/payment-intent',
    { config: write, schema: { params: invoiceTokenParamSchema, body: invoicePaymentIntentInputSchema, response: { 200: invoicePaymentIntentSchema } } },
    async (request) => createInvoicePaymentIntent(deps(request.log), request.params.token, request.body.tipCents),
  );

  app.post(
    '/:token/confirm',
    { config: write, schema: { params: invoiceTokenParamSchema, body: invoiceConfirmInputSchema, response: { 200: invoiceConfirmSchema } } },
    async (request) => confirmInvoicePayment(deps(request.log), request.params.token, request.body.paymentIntentId),
  );

  app.post(
    '/:token/demo-confirm',
    { config: write, schema: { params: invoiceTokenParamSchema, body: demoConfirmSchema, response: { 200: demoConfirmResultSchema } } },
    async (request) => {
      if (app.payments.name !== 'demo') throw new NotFoundError();
      return confirmInvoiceDemoPayment(deps(request.log), request.params.token, request.body);
    },
  );
}
