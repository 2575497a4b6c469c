import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/schemas/common';
import {
  adminInvoiceActionSchema,
  adminInvoiceSchema,
  EXPORT_RANGE_MESSAGE,
  handPaymentSchema,
  invoiceRefundSchema,
  paymentsExportQuerySchema,
  updateInvoiceSchema,
} from '../../../shared/schemas/invoices';
import { ValidationError } from '../../errors';
import { addDays, todayInZone } from '../../schedule';
import { paymentsCsv } from '../services/money';
import { clockDeps } from '../../route-deps';
import { getBookingInvoice, updateBookingInvoice, voidInvoice } from '../services/invoices';
import { recordHandPayment } from '../services/payments';
import { adminReceiptPdf } from '../services/receipt';
import { refundInvoice } from '../services/refunds';
import { sendInvoice } from '../services/send';

/** The owner's invoices (decision 0021): a completed job's invoice, its lines, sending, voiding, payments by hand and card refunds. */
export async function adminInvoicesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const action = { 200: adminInvoiceActionSchema };
  /** For a change that may make an invoice paid: its receipt's links name the site. */
  const paying = () => ({ ...clockDeps(app), publicUrl: app.config.publicUrl });

  app.get('/bookings/:id/invoice', { schema: { params: idParamSchema, response: { 200: adminInvoiceSchema } } }, async (request) =>
    getBookingInvoice(clockDeps(app), request.params.id),
  );

  app.put('/bookings/:id/invoice', { schema: { params: idParamSchema, body: updateInvoiceSchema, response: action } }, async (request) =>
    updateBookingInvoice(paying(), request.params.id, request.body),
  );

  app.post('/bookings/:id/invoice/send', { schema: { params: idParamSchema, response: action } }, async (request) =>
    sendInvoice({ ...paying(), textsEnabled: app.config.twilio !== null }, request.params.id),
  );

  app.get('/invoices/:id/receipt.pdf', { schema: { params: idParamSchema } }, async (request, reply) => {
    const { filename, pdf } = await adminReceiptPdf(app.db, request.params.id, app.config.businessTz);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });

  app.post('/invoices/:id/void', { schema: { params: idParamSchema, response: action } }, async (request) => voidInvoice(clockDeps(app), request.params.id));

  app.post('/invoices/:id/payments', { schema: { params: idParamSchema, body: handPaymentSchema, response: { 201: adminInvoiceActionSchema } } }, async (request, reply) =>
    reply.status(201).send(await recordHandPayment(paying(), request.params.id, request.body)),
  );

  app.post('/invoices/:id/refund', { schema: { params: idParamSchema, body: invoiceRefundSchema, response: action } }, async (request) =>
    refundInvoice({ ...paying(), payments: app.payments, log: request.log }, request.params.id, request.body.amountCents),
  );

  // The accountant's export: the last 90 days unless a range is given.
  app.get('/payments.csv', { schema: { querystring: paymentsExportQuerySchema } }, async (request, reply) => {
    const { db, now, timeZone } = clockDeps(app);
    const to = request.query.to ?? todayInZone(now, timeZone);
    const from = request.query.from ?? addDays(to, -89);
    if (from > to || addDays(from, 365) < to) throw new ValidationError(EXPORT_RANGE_MESSAGE, { from: EXPORT_RANGE_MESSAGE });
    const csv = await paymentsCsv(db, { from, to, timeZone });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payments-${from}-to-${to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
