import { balanceCents } from '../../../shared/invoice-money';
import type { HandPaymentInput } from '../../../shared/schemas/invoices';
import { ConflictError, ValidationError } from '../../errors';
import { formatCents } from '../../messaging';
import type { PaymentIntentInfo } from '../../payments';
import { findPaymentByIntent, insertInvoicePayment, insertInvoiceRefund, lockInvoice, updateInvoice } from '../repositories/invoices';
import { invoiceLabel, lockInvoiceById, settledStatus, toAdminInvoice, type PayingDeps } from './invoices';
import { queueReceiptIfPaid } from './receipt';
import { processInvoiceRefund, type CardDeps } from './refunds';
import { issueNumber } from './send';

/**
 * Money received for an invoice (decision 0021), by hand or by card, each in one transaction
 * holding the invoice's row lock: the balance read, the payment added and the sums and status
 * written together, so two payments at once take turns and never pay more than is owed.
 */

const money = (cents: number) => formatCents(cents, { alwaysCents: true });

const METHOD_NAMES: Record<HandPaymentInput['method'], string> = { cash: 'in cash', check: 'by check', zelle: 'by Zelle', venmo: 'by Venmo' };

/**
 * POST /api/admin/invoices/:id/payments: cash, check, Zelle or Venmo, in full or in part, at
 * most the balance. A payment on a draft (a job paid on site) issues it: it takes its number.
 */
export async function recordHandPayment(deps: PayingDeps, id: number, input: HandPaymentInput) {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const inv = await lockInvoiceById(tx, id);
    if (inv.status === 'void') throw new ConflictError(`${invoiceLabel(inv)} is void; no payment can be recorded on it.`, 'INVALID_STATUS');
    const balance = balanceCents(inv);
    if (balance === 0) throw new ConflictError(`${invoiceLabel(inv)} is paid in full.`, 'INVALID_STATUS');
    if (input.amountCents > balance) {
      const message = `The balance is ${money(balance)}: record at most that.`;
      throw new ValidationError(message, { amountCents: message });
    }
    const number = await issueNumber(tx, inv, now, deps.timeZone);
    const paidCents = inv.paidCents + input.amountCents;
    await insertInvoicePayment(tx, { invoiceId: inv.id, method: input.method, amountCents: input.amountCents, note: input.note || null, createdAt: now });
    const updated = await updateInvoice(tx, inv.id, { number, paidCents, ...settledStatus(inv, { ...inv, paidCents }, now), updatedAt: now });
    // Settled: the receipt (with the review request when it waited for the payment) goes out once.
    const receipt = await queueReceiptIfPaid(tx, inv, updated, deps);
    const left = balanceCents(updated);
    const settled = receipt ? 'It is paid in full; the customer is emailed the receipt.' : 'It is paid in full.';
    const message = `Recorded ${money(input.amountCents)} ${METHOD_NAMES[input.method]} on invoice ${number}. ${left === 0 ? settled : `Balance: ${money(left)}.`}`;
    return { invoice: await toAdminInvoice(tx, updated), message };
  });
}

export type CardPaymentOutcome = 'recorded' | 'duplicate' | 'not_succeeded' | 'unknown';

/**
 * Records a card payment the provider says succeeded: the one path of the signed webhook, the
 * customer's return (the intent retrieved) and the demo card form. Exactly once per intent
 * however often and however concurrently it is reported: under the invoice's lock a recorded
 * intent is seen (and the unique index on the intent id backs it). The tip is the one the server
 * put in the intent's metadata. What a card took beyond the balance (an intent made before
 * another payment or an edit, or an invoice voided since) is recorded and refunded at once.
 */
export async function recordCardPayment(deps: CardDeps, intent: PaymentIntentInfo): Promise<CardPaymentOutcome> {
  if (intent.status !== 'succeeded') return 'not_succeeded';
  if (intent.invoiceId === null) return 'unknown';
  const invoiceId = intent.invoiceId;
  const { now } = deps;
  const result = await deps.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, { id: invoiceId });
    if (!inv) return { outcome: 'unknown' as const };
    if (await findPaymentByIntent(tx, intent.id)) return { outcome: 'duplicate' as const };
    const isVoid = inv.status === 'void';
    // Nothing left to pay (void, or settled by another payment meanwhile: a second intent paid
    // after a crash, a payment by hand): the whole charge, tip included, goes back. A tip rides
    // with the payment of a balance, never alone.
    const nothingOwed = isVoid || balanceCents(inv) === 0;
    const tipCents = nothingOwed ? 0 : Math.min(Math.max(intent.tipCents ?? 0, 0), intent.amount);
    const toward = intent.amount - tipCents;
    const amountCents = Math.min(toward, nothingOwed ? 0 : balanceCents(inv));
    const excessCents = toward - amountCents;
    const payment = await insertInvoicePayment(tx, { invoiceId, method: 'card', amountCents, tipCents, excessCents, providerIntentId: intent.id, createdAt: now });
    if (!payment) return { outcome: 'duplicate' as const };
    const refund = excessCents > 0 ? await insertInvoiceRefund(tx, { paymentId: payment.id, amountCents: excessCents, reason: 'overpayment', createdAt: now, updatedAt: now }) : null;
    const paidCents = inv.paidCents + amountCents;
    const status = isVoid ? {} : { number: await issueNumber(tx, inv, now, deps.timeZone), ...settledStatus(inv, { ...inv, paidCents }, now) };
    const updated = await updateInvoice(tx, inv.id, { paidCents, tipCents: inv.tipCents + tipCents, refundedCents: inv.refundedCents + excessCents, ...status, updatedAt: now });
    // The payment that settles it queues the receipt, in this transaction: once per invoice.
    await queueReceiptIfPaid(tx, inv, updated, deps);
    if (refund) deps.log?.warn({ invoiceId, intentId: intent.id, excessCents }, 'card payment beyond the invoice balance; refunding the excess');
    return { outcome: 'recorded' as const, refundId: refund?.id };
  });
  if (result.outcome === 'recorded') {
    deps.log?.info({ invoiceId, intentId: intent.id }, 'invoice card payment recorded');
    if (result.refundId !== undefined) await processInvoiceRefund(deps, result.refundId);
  }
  return result.outcome;
}
