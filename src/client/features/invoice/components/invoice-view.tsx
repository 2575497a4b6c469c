import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '../../../../shared/money';
import type { CustomerInvoice } from '../../../../shared/schemas/invoices';
import { CardForm } from '../../../components/payment/card-form';
import { ApiError } from '../../../lib/api';
import { confirmInvoiceDemoPayment, createInvoicePaymentIntent, invoiceKeys } from '../api/invoice-api';
import { TIP_DOLLARS_MESSAGE, tipCentsOf, type TipChoice } from '../utils/tip';
import { CARD, InvoiceHeader, InvoiceLines } from './invoice-parts';
import { TipPicker } from './tip-picker';

const money = (cents: number) => formatCents(cents, { grouped: true, alwaysCents: true });

/** What is paid now: the balance, the tip and their sum, which the Pay button repeats. */
function AmountToPay({ balanceCents, tipCents }: { balanceCents: number; tipCents: number | null }) {
  return (
    <dl className="rounded-lg bg-neutral-50 p-4 text-sm" aria-live="polite">
      <div className="flex justify-between gap-3">
        <dt className="text-neutral-700">Balance due</dt>
        <dd className="tabular-nums text-ink-950">{money(balanceCents)}</dd>
      </div>
      <div className="mt-1 flex justify-between gap-3">
        <dt className="text-neutral-700">Tip</dt>
        <dd className="tabular-nums text-ink-950">{tipCents === null ? '—' : money(tipCents)}</dd>
      </div>
      <div className="mt-2 flex justify-between gap-3 border-t border-neutral-300 pt-2 text-base font-bold text-ink-950">
        <dt>Amount to pay</dt>
        <dd className="tabular-nums">{money(balanceCents + (tipCents ?? 0))}</dd>
      </div>
    </dl>
  );
}

/**
 * The invoice with a balance to pay, through its private link: the business, the lines and sums,
 * a tip, and the card form, whose intent is made when Pay is pressed, for the balance and the tip
 * chosen then (the server sets the amount and checks the tip).
 */
export function InvoiceView({ token, invoice, notice }: { token: string; invoice: CustomerInvoice; notice?: string }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TipChoice>('none');
  const [otherText, setOtherText] = useState('');
  const [tipError, setTipError] = useState<string | undefined>();
  const otherRef = useRef<HTMLInputElement>(null);
  const tipCents = tipCentsOf(choice, otherText, invoice.jobPriceCents);
  const toPay = invoice.balanceCents + (tipCents ?? 0);

  function refuseTip(message: string): null {
    setTipError(message);
    otherRef.current?.focus();
    return null;
  }

  async function createIntent(): Promise<string | null> {
    if (tipCents === null) return refuseTip(TIP_DOLLARS_MESSAGE);
    try {
      return (await createInvoicePaymentIntent(token, tipCents)).clientSecret;
    } catch (err) {
      if (err instanceof ApiError && err.errors?.tipCents) return refuseTip(err.errors.tipCents);
      // Paid meanwhile (another device, the owner): the invoice as it is now.
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: invoiceKeys.invoice(token) });
      throw err;
    }
  }

  return (
    <article className={CARD} aria-labelledby="invoice-title">
      <InvoiceHeader invoice={invoice} title="Your Invoice" titleId="invoice-title" />
      <div className="px-4 py-5 sm:px-6">
        <InvoiceLines invoice={invoice} upTo="balance" />
      </div>
      <div className="space-y-6 border-t border-neutral-200 px-4 py-5 sm:px-6">
        {notice && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {notice}
          </p>
        )}
        <TipPicker
          jobPriceCents={invoice.jobPriceCents}
          choice={choice}
          onChoice={(next) => {
            setChoice(next);
            setTipError(undefined);
          }}
          otherText={otherText}
          onOtherText={(text) => {
            setOtherText(text);
            setTipError(undefined);
          }}
          error={tipError}
          otherRef={otherRef}
        />
        <AmountToPay balanceCents={invoice.balanceCents} tipCents={tipCents} />
        <section aria-labelledby="invoice-pay-title" className="space-y-3">
          <h2 id="invoice-pay-title" className="font-display text-xl font-semibold text-ink-950">
            Pay by card
          </h2>
          <CardForm
            intent={{ amountCents: toPay, create: createIntent }}
            payLabel={`Pay ${money(toPay)}`}
            action={`/invoice/${encodeURIComponent(token)}`}
            returnPath={`/invoice/${encodeURIComponent(token)}`}
            confirmDemo={(input) => confirmInvoiceDemoPayment(token, input)}
          />
        </section>
      </div>
    </article>
  );
}
