import { apiJson } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/admin-api';
import { useUrlQuery } from '../../../lib/url-query';
import { adminInvoiceActionSchema, adminInvoiceSchema, type HandPaymentInput, type UpdateInvoiceInput } from '../../../../shared/schemas/invoices';

/** The job's invoice (made as a draft when the job was completed). The URL is the query's key. */
export const invoiceUrl = (bookingId: number) => `/api/admin/bookings/${bookingId}/invoice`;
export const useInvoice = (bookingId: number) => useUrlQuery([invoiceUrl(bookingId)], adminInvoiceSchema);

const saveInvoice = ({ bookingId, input }: { bookingId: number; input: UpdateInvoiceInput }) => apiJson('PUT', invoiceUrl(bookingId), adminInvoiceActionSchema, input);
const sendInvoice = (bookingId: number) => apiJson('POST', `${invoiceUrl(bookingId)}/send`, adminInvoiceActionSchema);
const voidInvoice = (invoiceId: number) => apiJson('POST', `/api/admin/invoices/${invoiceId}/void`, adminInvoiceActionSchema);
const recordPayment = ({ invoiceId, payment }: { invoiceId: number; payment: HandPaymentInput }) => apiJson('POST', `/api/admin/invoices/${invoiceId}/payments`, adminInvoiceActionSchema, payment);
const refundInvoice = ({ invoiceId, amountCents }: { invoiceId: number; amountCents: number }) => apiJson('POST', `/api/admin/invoices/${invoiceId}/refund`, adminInvoiceActionSchema, { amountCents });

// Every change is seen by the invoice itself, Today's and Week's cards, and the numbers.
const REFRESHED = ['/api/admin/bookings', '/api/admin/agenda', '/api/admin/stats'];

/** Saves the lines and the discount, and, when `send`, sends the invoice as saved. */
export const useSaveInvoice = () =>
  useRefreshingMutation(async ({ bookingId, input, send }: { bookingId: number; input: UpdateInvoiceInput; send: boolean }) => {
    const saved = await saveInvoice({ bookingId, input });
    return send ? sendInvoice(bookingId) : saved;
  }, ...REFRESHED);
export const useSendInvoice = () => useRefreshingMutation(sendInvoice, ...REFRESHED);
export const useVoidInvoice = () => useRefreshingMutation(voidInvoice, ...REFRESHED);
export const useRecordPayment = () => useRefreshingMutation(recordPayment, ...REFRESHED);
export const useRefundInvoice = () => useRefreshingMutation(refundInvoice, ...REFRESHED);
