/**
 * Invoices: a completed job's invoice (its lines, tax, discount and the deposit credited), its
 * numbering and sending, the customer's link and card payment with a tip, payments by hand, and
 * refunds of card payments (decision 0021).
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { adminInvoicesRoutes } from './routes/admin-invoices';
export { invoiceRoutes } from './routes/invoices';
export { createDraftInvoice } from './services/invoices';
export { recordCardPayment } from './services/payments';
export type { CardPaymentOutcome } from './services/payments';
export { recordInvoiceRefundUpdate, refreshInvoiceRefunds } from './services/refunds';
export type { CardDeps } from './services/refunds';
export { mintInvoiceToken } from './services/send';
export { invoiceMoneyFigures, paymentsCsv } from './services/money';
export { invoiceReceiptPdf } from './services/receipt';
export { INVOICE_REMINDER_DAYS, REVIEW_FALLBACK_DAYS, requestWaitingReviews, sendInvoiceReminders } from './services/follow-ups';
