import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PanelLoading } from '../../components/admin/panel-states';
import { DeadLinkCard } from '../../components/ui/dead-link';
import { useConfirmInvoicePayment, useInvoice } from '../../features/invoice/api/invoice-api';
import { InvoiceReceipt } from '../../features/invoice/components/invoice-receipt';
import { InvoiceView } from '../../features/invoice/components/invoice-view';
import { ApiError, errorMessage } from '../../lib/api';
import { PAGE_META, usePageMeta } from '../meta';

/** What the page says after the provider's return when the payment did not succeed. */
function returnNotice(paymentStatus: string): string {
  if (paymentStatus === 'processing') return 'Your payment is still being processed. This page shows your receipt once it is received; please do not pay again.';
  return 'Your payment did not go through, and nothing was charged. Please try again or use another card.';
}

/**
 * Back from the payment provider (?payment_intent=…&redirect_status=…): the server retrieves the
 * intent and records it when it succeeded; never the query string's word. The query is then
 * dropped from the address, so a reload reads the invoice as it is.
 */
function useProviderReturn(token: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmInvoicePayment(token);
  const intentId = params.get('payment_intent');
  const asked = useRef(false);
  const [notice, setNotice] = useState<string | undefined>();
  useEffect(() => {
    if (!intentId || asked.current) return;
    asked.current = true;
    confirm.mutate(intentId, {
      onSuccess: ({ paymentStatus }) => setNotice(paymentStatus === 'succeeded' ? undefined : returnNotice(paymentStatus)),
      onError: (err) => setNotice(errorMessage(err, 'Your payment could not be checked. Reload the page to see whether it was received.')),
      onSettled: () => void navigate(`/invoice/${encodeURIComponent(token)}`, { replace: true }),
    });
  }, [intentId, confirm, navigate, token]);
  return { isChecking: confirm.isPending || (intentId !== null && !asked.current), notice };
}

/**
 * /invoice/:token, a customer's private link to the invoice of a completed job (kept out of search
 * results): the lines and the balance, a tip and the card form; the receipt once it is paid.
 */
export default function InvoicePage() {
  usePageMeta(PAGE_META['/invoice']);
  const { token = '' } = useParams();
  const invoice = useInvoice(token);
  const providerReturn = useProviderReturn(token);

  let body;
  if (providerReturn.isChecking) body = <PanelLoading label="Checking your payment..." />;
  else if (invoice.isPending) body = <PanelLoading label="Loading your invoice..." />;
  else if (invoice.isError)
    body =
      invoice.error instanceof ApiError && invoice.error.status === 404 ? (
        <DeadLinkCard
          title={errorMessage(invoice.error, 'This link is no longer valid.')}
          reason="The invoice may have been replaced by a newer one or cancelled."
          links={[
            { href: '/contact', label: 'Contact Us' },
            { href: '/', label: 'Return to Home' },
          ]}
        />
      ) : (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          Your invoice could not be loaded. Check your connection and reload the page.
        </p>
      );
  else if (invoice.data.status === 'paid') body = <InvoiceReceipt invoice={invoice.data} token={token} />;
  else body = <InvoiceView token={token} invoice={invoice.data} notice={providerReturn.notice} />;

  return (
    <section className="bg-neutral-100">
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">{body}</div>
    </section>
  );
}
