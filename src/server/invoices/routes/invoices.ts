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
import { privateLinkRoutes } from '../../plugins/private-links';
import { clockDeps } from '../../route-deps';
import { confirmInvoiceDemoPayment, confirmInvoicePayment, createInvoicePaymentIntent, getCustomerInvoice } from '../services/customer';
import { customerReceiptPdf } from '../services/receipt';

/**
 * The customer's invoice through its private link (/invoice/{token}). The token is the only key:
 * a wrong, unknown or void one is the same 404; every route is rate-limited per address so tokens
 * cannot be guessed at speed, and the log never holds one (logging.ts censors the path).
 */
export async function invoiceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { read, write } = privateLinkRoutes(app);
  const deps = (log: FastifyInstance['log']) => ({ ...clockDeps(app), publicUrl: app.config.publicUrl, payments: app.payments, log });

  app.get('/:token', { config: read, schema: { params: invoiceTokenParamSchema, response: { 200: customerInvoiceSchema } } }, async (request) =>
    getCustomerInvoice(clockDeps(app), request.params.token),
  );

  // The receipt as a PDF, once the invoice is paid in full (the receipt page's download).
  app.get('/:token/receipt.pdf', { config: read, schema: { params: invoiceTokenParamSchema } }, async (request, reply) => {
    const { filename, pdf } = await customerReceiptPdf(app.db, request.params.token, app.config.businessTz);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });

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
