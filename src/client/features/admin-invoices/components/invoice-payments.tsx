import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Ban, HandCoins, Undo2 } from 'lucide-react';
import { HAND_PAYMENT_METHODS, type AdminInvoice, type PaymentMethod } from '../../../../shared/schemas/invoices';
import { formatCents } from '../../../../shared/money';
import { BoundInput, BoundSelect } from '../../../components/admin/fields';
import { IconButton } from '../../../components/admin/icon-button';
import { cardClass, dangerButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { errorMessage } from '../../../lib/api';
import { dollarsField, dollarsText } from '../../../lib/dollars';
import { onlyFields, setServerErrors } from '../../../lib/form-errors';
import { formatShortDateTime } from '../utils/invoice-format';
import { useRecordPayment, useRefundInvoice, useVoidInvoice } from '../api/invoice-api';
import type { Notify } from './dialog-notice';

export const METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Card', cash: 'Cash', check: 'Check', zelle: 'Zelle', venmo: 'Venmo' };
const money = (cents: number) => formatCents(cents, { grouped: true, alwaysCents: true });

/** The invoice's payments, newest last: method, when, amount, tip and what was given back. */
export function PaymentList({ invoice }: { invoice: AdminInvoice }) {
  if (invoice.payments.length === 0) return <p className="text-sm text-neutral-700">No payments yet{invoice.depositCreditCents ? ' (the deposit is credited above)' : ''}.</p>;
  return (
    <ul className="divide-y divide-neutral-200 text-sm" aria-label="Payments">
      {invoice.payments.map((p) => (
        <li key={p.id} className="flex flex-wrap justify-between gap-x-3 py-2">
          <span>
            <span className="font-semibold text-ink-950">{METHOD_LABELS[p.method]}</span> · {formatShortDateTime(p.createdAt)}
            {p.note ? ` · ${p.note}` : ''}
          </span>
          <span className="tabular-nums">
            {money(p.amountCents)}
            {p.tipCents ? ` + ${money(p.tipCents)} tip` : ''}
            {p.refundedCents ? ` (${money(p.refundedCents)} refunded)` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

const paymentFormSchema = z.object({ method: z.enum(HAND_PAYMENT_METHODS, { error: 'Choose cash, check, Zelle or Venmo' }), amount: dollarsField, note: z.string().max(500, 'Note is too long (500 characters at most)') });

/** "Record a payment": cash, a check, Zelle or Venmo, the balance unless the owner says less. */
export function HandPaymentForm({ invoice, notify }: { invoice: AdminInvoice; notify: Notify }) {
  const record = useRecordPayment();
  const form = useForm<z.input<typeof paymentFormSchema>, unknown, z.output<typeof paymentFormSchema>>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: { method: 'cash', amount: dollarsText(invoice.balanceCents), note: '' },
  });
  const { bind } = useFormFields(form);
  const submit = form.handleSubmit(({ method, amount, note }) =>
    record.mutateAsync({ invoiceId: invoice.id, payment: { method, amountCents: amount, ...(note.trim() ? { note: note.trim() } : {}) } }).then(
      (result) => notify('Payment Recorded', result.message),
      (err) => {
          setServerErrors(err, form.setError, (path) => (path === 'amountCents' ? 'amount' : onlyFields(['method', 'note'])(path)));
          notify('Payment Not Recorded', errorMessage(err, 'The payment could not be recorded. Please try again.'), true);
        },
    ),
  );
  return (
    <form method="post" action="/admin" noValidate onSubmit={submit} aria-labelledby={`pay-${invoice.id}`} className={`${cardClass} space-y-3 p-3`}>
      <h4 id={`pay-${invoice.id}`} className="font-semibold text-ink-950">
        Record a payment
      </h4>
      <div className="grid grid-cols-2 gap-2">
        <BoundSelect {...bind('method')} label="Paid by">
          {HAND_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </BoundSelect>
        <BoundInput {...bind('amount')} label="Amount ($)" inputMode="decimal" />
      </div>
      <BoundInput {...bind('note')} label="Note (optional)" maxLength={500} hint="A check number, who paid." />
      <IconButton Icon={HandCoins} type="submit" disabled={record.isPending} className={`${outlineButtonClass} w-full sm:w-auto`}>
        {record.isPending ? 'Saving...' : 'Record payment'}
      </IconButton>
    </form>
  );
}

/** What the card payments can still give back: what each took less its refunds. */
export const refundableCents = (invoice: AdminInvoice) => invoice.payments.filter((p) => p.method === 'card').reduce((s, p) => s + p.amountCents + p.tipCents + p.excessCents - p.refundedCents, 0);

const refundFormSchema = z.object({ amount: dollarsField });

/** "Refund to the card": all or part of what the card payments took. */
export function RefundForm({ invoice, notify }: { invoice: AdminInvoice; notify: Notify }) {
  const refund = useRefundInvoice();
  const most = refundableCents(invoice);
  const form = useForm<z.input<typeof refundFormSchema>, unknown, z.output<typeof refundFormSchema>>({ resolver: zodResolver(refundFormSchema), defaultValues: { amount: '' } });
  const { bind } = useFormFields(form);
  const submit = form.handleSubmit(({ amount }) =>
    refund.mutateAsync({ invoiceId: invoice.id, amountCents: amount }).then(
      (result) => {
          form.reset({ amount: '' });
          notify('Refund Started', result.message);
        },
      (err) => {
          setServerErrors(err, form.setError, (path) => (path === 'amountCents' ? 'amount' : null));
          notify('Refund Failed', errorMessage(err, 'The refund could not be started. Please try again.'), true);
        },
    ),
  );
  return (
    <form method="post" action="/admin" noValidate onSubmit={submit} aria-labelledby={`refund-${invoice.id}`} className={`${cardClass} space-y-3 p-3`}>
      <h4 id={`refund-${invoice.id}`} className="font-semibold text-ink-950">
        Refund to the card
      </h4>
      <BoundInput {...bind('amount')} label="Amount ($)" inputMode="decimal" hint={`At most ${money(most)}, what the card payments took.`} />
      <IconButton Icon={Undo2} type="submit" disabled={refund.isPending} className={`${dangerButtonClass} w-full sm:w-auto`}>
        {refund.isPending ? 'Refunding...' : 'Refund'}
      </IconButton>
    </form>
  );
}

/** "Void": an invoice nobody has paid stops being owed; its links stop opening it. */
export function VoidButton({ invoice, notify }: { invoice: AdminInvoice; notify: Notify }) {
  const voidIt = useVoidInvoice();
  function onClick() {
    if (!window.confirm(`Void ${invoice.number ?? 'this draft invoice'}? Its links stop working and it cannot be sent again.`)) return;
    // Voided, the button leaves the dialog: the dialog, not the button, says so.
    voidIt.mutateAsync(invoice.id).then(
      (result) => notify('Invoice Voided', result.message),
      (err) => notify('Invoice Not Voided', errorMessage(err, 'The invoice could not be voided. Please try again.'), true),
    );
  }
  return (
    <IconButton Icon={Ban} onClick={onClick} disabled={voidIt.isPending} className={`${dangerButtonClass} w-full sm:w-auto`}>
      Void invoice
    </IconButton>
  );
}
