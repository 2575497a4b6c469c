import { ConflictError, ValidationError } from '../../errors';
import { askForRefund, nextRefund, refundStateOf, type RefundNews } from '../../bookings';
import { formatCents } from '../../messaging';
import type { PaymentProvider, ProviderRefundStatus } from '../../payments';
import {
  findInvoiceRefund,
  insertInvoiceRefund,
  listInvoicePayments,
  listPendingRefundsOfIntent,
  lockInvoice,
  refundedByPayment,
  updateInvoice,
  updateInvoiceRefund,
  type InvoiceRefundRow,
} from '../repositories/invoices';
import { invoiceLabel, lockInvoiceById, toAdminInvoice, type PayingDeps } from './invoices';

/**
 * Refunds of an invoice's card payments, through the one refund service (decision 0008): the
 * provider is asked by askForRefund, outside any lock, and its answers (ours, webhooks, a status
 * check) pass nextRefund, so a pending refund is not a refund and a final status is never undone.
 *
 * A refund row is written `pending` first, with the invoice's `refunded_cents` raised, under the
 * invoice's lock: two refunds at once cannot give back more than was paid. Its idempotency key
 * is the row's id, so a crash between asking and recording cannot refund twice. A failed refund
 * gave nothing back: its amount leaves `refunded_cents`, and the owner may ask again (a new row).
 * Refunds do not change the invoice's balance or status: money given back is not money owed again.
 */

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CardDeps extends PayingDeps {
  payments: PaymentProvider;
  log?: Log;
}

const money = (cents: number) => formatCents(cents, { alwaysCents: true });

/** Records `news` about refund `refundId` under its invoice's lock; the refund as it is after. */
async function applyRefundNews(deps: CardDeps, refundId: number, news: RefundNews): Promise<InvoiceRefundRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const found = await findInvoiceRefund(tx, { id: refundId });
    if (!found) return undefined;
    const inv = await lockInvoice(tx, { id: found.payment.invoiceId });
    // Read again under the lock: another report may have just been recorded.
    const refund = (await findInvoiceRefund(tx, { id: refundId }))!.refund;
    // Failed is final here: the owner asks again with a new refund rather than reviving this one.
    if (!inv || refund.status === 'failed') return refund;
    const next = nextRefund({ refundStatus: refund.status, refundId: refund.providerRefundId }, news);
    if (!next) return refund;
    const after = await updateInvoiceRefund(tx, refund.id, { status: next.refundStatus, providerRefundId: next.refundId, now: deps.now });
    if (next.refundStatus === 'failed') await updateInvoice(tx, inv.id, { refundedCents: inv.refundedCents - refund.amountCents, updatedAt: deps.now });
    return after;
  });
}

/** Asks the provider for a refund recorded as owed (pending, not asked yet) and records its answer. */
export async function processInvoiceRefund(deps: CardDeps, refundId: number): Promise<InvoiceRefundRow | undefined> {
  const found = await findInvoiceRefund(deps.db, { id: refundId });
  if (!found || found.refund.status !== 'pending' || found.refund.providerRefundId !== null || !found.payment.providerIntentId) return found?.refund;
  const news = await askForRefund(deps, {
    intentId: found.payment.providerIntentId,
    idempotencyKey: `refund-invoice-${refundId}`,
    reason: found.refund.reason === 'overpayment' ? 'invoice_overpayment' : 'requested_by_business',
    amountCents: found.refund.amountCents,
    logContext: { invoiceId: found.payment.invoiceId, refundId },
  });
  return applyRefundNews(deps, refundId, news);
}

/**
 * POST /api/admin/invoices/:id/refund: gives `amountCents` back to the card(s) the invoice was
 * paid with, the newest payment first, at most what they took less what was refunded already.
 */
export async function refundInvoice(deps: CardDeps, id: number, amountCents: number) {
  const created = await deps.db.transaction(async (tx) => {
    const inv = await lockInvoiceById(tx, id);
    const cards = (await listInvoicePayments(tx, inv.id)).filter((p) => p.method === 'card').reverse();
    if (cards.length === 0) throw new ConflictError(`${invoiceLabel(inv)} has no card payment to refund.`, 'INVALID_STATUS');
    const refunded = await refundedByPayment(
      tx,
      cards.map((p) => p.id),
    );
    const left = cards.map((p) => ({ payment: p, cents: p.amountCents + p.tipCents + p.excessCents - (refunded.get(p.id) ?? 0) }));
    const refundable = left.reduce((sum, l) => sum + l.cents, 0);
    if (refundable === 0) throw new ConflictError(`${invoiceLabel(inv)}: its card payments are refunded in full.`, 'INVALID_STATUS');
    if (amountCents > refundable) {
      const message = `At most ${money(refundable)} can be refunded to the card.`;
      throw new ValidationError(message, { amountCents: message });
    }
    const rows: InvoiceRefundRow[] = [];
    let rest = amountCents;
    for (const l of left) {
      const cents = Math.min(rest, l.cents);
      if (cents <= 0) continue;
      rows.push(await insertInvoiceRefund(tx, { paymentId: l.payment.id, amountCents: cents, reason: 'owner', createdAt: deps.now, updatedAt: deps.now }));
      rest -= cents;
    }
    await updateInvoice(tx, inv.id, { refundedCents: inv.refundedCents + amountCents, updatedAt: deps.now });
    return rows;
  });
  const after: InvoiceRefundRow[] = [];
  for (const r of created) after.push((await processInvoiceRefund(deps, r.id)) ?? r);
  const sum = (status: string) => after.filter((r) => r.status === status).reduce((s, r) => s + r.amountCents, 0);
  const parts = [];
  if (sum('refunded')) parts.push(`${money(sum('refunded'))} is refunded to the card.`);
  if (sum('pending')) parts.push(`A refund of ${money(sum('pending'))} has been started and is on its way to the card.`);
  if (sum('failed')) parts.push(`A refund of ${money(sum('failed'))} FAILED: refund it from the payment provider's dashboard, or try again.`);
  const inv = await deps.db.transaction(async (tx) => toAdminInvoice(tx, await lockInvoiceById(tx, id)));
  return { invoice: inv, message: parts.join(' ') };
}

/**
 * A refund's status reported by the provider (a webhook). The refund is found by its id, or,
 * when our request's answer is not recorded yet, as the oldest unanswered refund of that amount
 * of the same payment.
 */
export async function recordInvoiceRefundUpdate(
  deps: CardDeps,
  report: { refundId: string; status: ProviderRefundStatus; intentId: string | null; amountCents: number | null },
): Promise<'updated' | 'unchanged' | 'unknown'> {
  let found: InvoiceRefundRow | undefined = (await findInvoiceRefund(deps.db, { providerRefundId: report.refundId }))?.refund;
  if (!found && report.intentId) {
    const waiting = await listPendingRefundsOfIntent(deps.db, report.intentId);
    found = waiting.find((w) => w.refund.providerRefundId === null && (report.amountCents === null || w.refund.amountCents === report.amountCents))?.refund;
  }
  if (!found) return 'unknown';
  const after = await applyRefundNews(deps, found.id, { source: 'update', refundId: report.refundId, state: refundStateOf(report.status) });
  return after && (after.status !== found.status || after.providerRefundId !== found.providerRefundId) ? 'updated' : 'unchanged';
}

/** Asks the provider where the started refunds of one card payment are now (a charge's refund event names only the payment). */
export async function refreshInvoiceRefunds(deps: CardDeps, intentId: string): Promise<boolean> {
  const waiting = (await listPendingRefundsOfIntent(deps.db, intentId)).filter((w) => w.refund.providerRefundId !== null);
  for (const w of waiting) {
    const result = await deps.payments.retrieveRefund(w.refund.providerRefundId!);
    await applyRefundNews(deps, w.refund.id, { source: 'update', refundId: result.id, state: refundStateOf(result.status) });
  }
  return waiting.length > 0;
}
