import { CheckCircle2, Download } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatBookingDate } from '../../../../shared/business-time';
import { formatCents } from '../../../../shared/money';
import type { CustomerInvoice, CustomerPayment } from '../../../../shared/schemas/invoices';
import { CARD, InvoiceHeader, InvoiceLines } from './invoice-parts';

const money = (cents: number) => formatCents(cents, { grouped: true, alwaysCents: true });

const METHOD_NAMES: Record<CustomerPayment['method'], string> = { card: 'Card', cash: 'Cash', check: 'Check', zelle: 'Zelle', venmo: 'Venmo' };

/** The money received: the deposit, each payment, and each tip on its own line. */
function paymentRows(invoice: CustomerInvoice) {
  const rows: { label: string; cents: number }[] = [];
  if (invoice.depositCreditCents > 0) rows.push({ label: 'Deposit', cents: invoice.depositCreditCents });
  for (const p of invoice.payments) {
    const when = `${METHOD_NAMES[p.method]}, ${formatBookingDate(p.date)}`;
    if (p.amountCents > 0) rows.push({ label: when, cents: p.amountCents });
    if (p.tipCents > 0) rows.push({ label: `Tip (${when})`, cents: p.tipCents });
  }
  return rows;
}

/** A paid invoice through its link: what was done, what was paid and how, with the tip, and its PDF. */
export function InvoiceReceipt({ invoice, token }: { invoice: CustomerInvoice; token: string }) {
  const rows = paymentRows(invoice);
  const totalPaid = rows.reduce((sum, r) => sum + r.cents, 0);
  const badge = (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
      Paid
    </span>
  );
  return (
    <article className={CARD} aria-labelledby="receipt-title">
      <InvoiceHeader invoice={invoice} title="Receipt" titleId="receipt-title" badge={badge} />
      <div className="space-y-6 px-4 py-5 sm:px-6">
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
          <span className="font-semibold">Thank you!</span> Invoice {invoice.number} is paid in full
          {invoice.paidDate ? ` (${formatBookingDate(invoice.paidDate)})` : ''}.
          {invoice.receiptEmailedTo && ` A receipt was emailed to ${invoice.receiptEmailedTo}.`}
        </p>
        <InvoiceLines invoice={invoice} upTo="total" />
        <section aria-labelledby="receipt-payments-title">
          <h2 id="receipt-payments-title" className="font-display text-lg font-semibold text-ink-950">
            Payments
          </h2>
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">Payments received</caption>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-b border-neutral-200">
                  <th scope="row" className="py-2 pr-3 text-left font-normal text-ink-950">
                    {r.label}
                  </th>
                  <td className="py-2 text-right tabular-nums text-ink-950">{money(r.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="pt-3 text-left text-base font-bold text-ink-950">
                  Total paid
                </th>
                <td className="pt-3 text-right text-base font-bold tabular-nums text-ink-950">{money(totalPaid)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
        <a href={`/api/invoices/${encodeURIComponent(token)}/receipt.pdf`} download className={`${buttonClass('outline-dark', 'md')} inline-flex items-center gap-2`}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download the receipt (PDF)
        </a>
      </div>
    </article>
  );
}
