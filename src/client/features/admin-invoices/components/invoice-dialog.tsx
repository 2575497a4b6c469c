import { Dialog } from 'radix-ui';
import { ReceiptText } from 'lucide-react';
import type { AgendaJob } from '../../../../shared/schemas/admin-agenda';
import type { AdminInvoice } from '../../../../shared/schemas/invoices';
import { formatCents } from '../../../../shared/money';
import { FormDialog } from '../../../components/admin/form-dialog';
import { IconButton } from '../../../components/admin/icon-button';
import { PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { outlineButtonClass } from '../../../components/admin/styles';
import { useInvoice } from '../api/invoice-api';
import { INVOICE_STATUS_LABELS, formatShortDateTime } from '../utils/invoice-format';
import { useDialogNotice } from './dialog-notice';
import { InvoiceEditor } from './invoice-editor';
import { HandPaymentForm, PaymentList, RefundForm, refundableCents, VoidButton } from './invoice-payments';
import { InvoiceSums } from './invoice-sums';

const money = (cents: number) => formatCents(cents, { grouped: true, alwaysCents: true });

/** The job card's button: the invoice's state in a word and what is still owed. */
export function invoiceButtonText(invoice: NonNullable<AgendaJob['invoice']>): string {
  const label = invoice.number ?? 'Invoice';
  if (invoice.status === 'draft') return 'Invoice (draft)';
  if (invoice.status === 'void') return `${label} · Void`;
  if (invoice.status === 'paid') return `${label} · Paid`;
  return `${label} · ${money(invoice.balanceCents)} due`;
}

/** "Invoice" on a completed job: opens the invoice to edit and send it, record a payment by hand, refund or void it. */
export function InvoiceDialog({ job }: { job: AgendaJob }) {
  const invoice = job.invoice;
  return (
    <FormDialog
      title={invoice?.number ? `Invoice ${invoice.number}` : `Invoice for job #${job.id}`}
      description={`${job.serviceName} for ${job.customerName}, ${job.email}.`}
      trigger={
        <IconButton Icon={ReceiptText} srLabel={`for job #${job.id}`}>
          {invoice ? invoiceButtonText(invoice) : 'Invoice'}
        </IconButton>
      }
    >
      {() => <InvoiceBody bookingId={job.id} />}
    </FormDialog>
  );
}

function InvoiceBody({ bookingId }: { bookingId: number }) {
  const invoice = useInvoice(bookingId);
  if (invoice.isPending) return <PanelLoading label="Loading the invoice..." />;
  if (invoice.isError) return <PanelError error={invoice.error} fallback="Could not load the invoice. Please try again." />;
  return <InvoiceDetails invoice={invoice.data} bookingId={bookingId} />;
}

function InvoiceDetails({ invoice, bookingId }: { invoice: AdminInvoice; bookingId: number }) {
  // Lines and discount change only while nobody has paid (the server's rule).
  const editable = (invoice.status === 'draft' || invoice.status === 'sent') && invoice.payments.length === 0;
  const open = invoice.status !== 'paid' && invoice.status !== 'void';
  const { notify, node: notice } = useDialogNotice();
  return (
    <div className="mt-4 space-y-4">
      {notice}
      <p className="text-sm text-neutral-800">
        <span className="rounded-full bg-gold-100 px-2 py-0.5 font-semibold text-ink-950">{INVOICE_STATUS_LABELS[invoice.status]}</span>
        {invoice.sentAt && ` · sent ${formatShortDateTime(invoice.sentAt)}`}
        {invoice.paidAt && ` · paid ${formatShortDateTime(invoice.paidAt)}`}
      </p>
      {editable ? (
        // Keyed by the stored lines: a save or a payment elsewhere starts the form afresh.
        <InvoiceEditor key={`${invoice.id}-${invoice.totalCents}-${invoice.lines.length}`} invoice={invoice} bookingId={bookingId} notify={notify} />
      ) : (
        <>
          <table className="w-full text-sm">
            <caption className="sr-only">The invoice's lines</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {invoice.lines.map((line, i) => (
                <tr key={i}>
                  <td className="py-1.5 pr-2">
                    {line.quantity} × {line.description}
                    {line.taxable ? ' (materials)' : ''}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{money(line.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <InvoiceSums sums={invoice} />
        </>
      )}
      <section aria-labelledby={`payments-${invoice.id}`} className="space-y-3">
        <h3 id={`payments-${invoice.id}`} className="font-semibold text-ink-950">
          Payments
        </h3>
        <PaymentList invoice={invoice} />
        {open && invoice.balanceCents > 0 && <HandPaymentForm key={invoice.balanceCents} invoice={invoice} notify={notify} />}
        {refundableCents(invoice) > 0 && <RefundForm invoice={invoice} notify={notify} />}
      </section>
      <div className="flex flex-col gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-between">
        {open && invoice.payments.length === 0 ? <VoidButton invoice={invoice} notify={notify} /> : <span />}
        <Dialog.Close asChild>
          <button type="button" className={`${outlineButtonClass} w-full sm:w-auto`}>
            Close
          </button>
        </Dialog.Close>
      </div>
    </div>
  );
}
