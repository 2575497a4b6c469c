import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoConfirmResultSchema, type DemoConfirmInput } from '../../../../shared/schemas/booking';
import { customerInvoiceSchema, invoiceConfirmSchema, invoicePaymentIntentSchema, type CustomerInvoice } from '../../../../shared/schemas/invoices';
import { apiJson, getJson } from '../../../lib/api';

/** Query keys of the invoice feature; the first element is the URL read. */
export const invoiceKeys = {
  invoice: (token: string) => [`/api/invoices/${encodeURIComponent(token)}`] as const,
};

const base = (token: string) => invoiceKeys.invoice(token)[0];

/** The invoice a private link opens (404 for an unknown or void one). */
export function useInvoice(token: string) {
  const queryKey = invoiceKeys.invoice(token);
  return useQuery({ queryKey, queryFn: () => getJson(base(token), customerInvoiceSchema), refetchOnWindowFocus: false, retry: false });
}

/** An intent for the balance plus `tipCents`: the amount is the server's. */
export function createInvoicePaymentIntent(token: string, tipCents: number): Promise<{ clientSecret: string; amountCents: number }> {
  return apiJson('POST', `${base(token)}/payment-intent`, invoicePaymentIntentSchema, { tipCents });
}

/** Demo provider only: the test card checked by the server, which answers where to go next. */
export function confirmInvoiceDemoPayment(token: string, input: DemoConfirmInput): Promise<{ redirectUrl: string }> {
  return apiJson('POST', `${base(token)}/demo-confirm`, demoConfirmResultSchema, input);
}

/**
 * Back from paying (Stripe's or the demo's redirect): the server retrieves the intent from the
 * provider and records it when it succeeded; the invoice it answers replaces the one shown.
 */
export function useConfirmInvoicePayment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) => apiJson('POST', `${base(token)}/confirm`, invoiceConfirmSchema, { paymentIntentId }),
    // A read of the invoice begun before the payment was recorded must not land after this answer.
    onMutate: () => queryClient.cancelQueries({ queryKey: invoiceKeys.invoice(token) }),
    onSuccess: ({ invoice }) => queryClient.setQueryData<CustomerInvoice>(invoiceKeys.invoice(token), invoice),
  });
}
