import type { ReactNode } from 'react';
import { Mail, Phone } from 'lucide-react';
import { formatBookingDate } from '../../../../shared/business-time';
import type { CustomerInvoice } from '../../../../shared/schemas/invoices';
import { telHref } from '../../../../shared/tel-href';
import { MoneyLines, type MoneyRow } from '../../../components/ui/money-lines';

export const CARD = 'overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm';

/** The tax rate as people read it: 1025 basis points is "10.25%". */
const ratePercent = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;

/**
 * The top of the invoice and of its receipt: the business (name, phone, email) on black, the
 * document's title, number and date, and who it is for.
 */
export function InvoiceHeader({ invoice, title, titleId, badge }: { invoice: CustomerInvoice; title: string; titleId: string; badge?: ReactNode }) {
  const { business } = invoice;
  return (
    <header>
      <div className="bg-ink-950 px-4 py-5 text-white sm:px-6">
        <p className="font-display text-xl font-bold text-gold-300">{business.name}</p>
        <ul className="mt-2 space-y-1 text-sm text-neutral-200">
          <li>
            <a href={telHref(business.phone)} className="inline-flex min-h-6 items-center gap-2 underline-offset-2 hover:text-gold-200 hover:underline">
              <Phone className="h-4 w-4 text-gold-400" aria-hidden="true" />
              {business.phone}
            </a>
          </li>
          <li>
            <a href={`mailto:${business.email}`} className="inline-flex min-h-6 items-center gap-2 break-all underline-offset-2 hover:text-gold-200 hover:underline">
              <Mail className="h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
              {business.email}
            </a>
          </li>
        </ul>
      </div>
      <div className="border-b border-neutral-200 px-4 py-5 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id={titleId} className="font-display text-2xl font-bold text-ink-950 sm:text-3xl">
            {title}
          </h1>
          {badge}
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-neutral-600">Invoice</dt>
          <dd className="font-semibold text-ink-950">{invoice.number}</dd>
          <dt className="text-neutral-600">Date</dt>
          <dd className="text-ink-950">{formatBookingDate(invoice.invoiceDate)}</dd>
          <dt className="text-neutral-600">For</dt>
          <dd className="text-ink-950">{invoice.customerName}</dd>
          <dt className="text-neutral-600">Job</dt>
          <dd className="text-ink-950">
            {invoice.serviceName}, {formatBookingDate(invoice.jobDate)}
          </dd>
        </dl>
      </div>
    </header>
  );
}

/** The sums under the lines up to the total: subtotal, discount and tax when there are any. */
function totalRows(invoice: CustomerInvoice): MoneyRow[] {
  const rows: MoneyRow[] = [];
  if (invoice.discountCents > 0 || invoice.taxCents > 0) rows.push({ label: 'Subtotal', cents: invoice.subtotalCents });
  if (invoice.discountCents > 0) rows.push({ label: 'Discount', cents: invoice.discountCents, credit: true });
  if (invoice.taxCents > 0) rows.push({ label: `Tax (${ratePercent(invoice.taxRateBps)} on materials)`, cents: invoice.taxCents });
  rows.push({ label: 'Total', cents: invoice.totalCents, strong: true });
  return rows;
}

/**
 * The invoice's lines and sums. `upTo` 'balance' goes on with the deposit, what was paid and
 * the balance due (the invoice); 'total' stops at the total (the receipt lists the payments).
 */
export function InvoiceLines({ invoice, upTo }: { invoice: CustomerInvoice; upTo: 'balance' | 'total' }) {
  const rows = totalRows(invoice);
  if (upTo === 'balance') {
    if (invoice.depositCreditCents > 0) rows.push({ label: 'Deposit paid', cents: invoice.depositCreditCents, credit: true });
    if (invoice.paidCents > 0) rows.push({ label: 'Paid so far', cents: invoice.paidCents, credit: true });
    rows.push({ label: 'Balance due', cents: invoice.balanceCents, strong: true });
  }
  return (
    <MoneyLines
      caption={`Invoice ${invoice.number}`}
      columns={['Description', 'Amount']}
      lines={invoice.lines.map((l) => ({ ...l, label: l.description }))}
      rows={rows}
      alwaysCents
    />
  );
}
