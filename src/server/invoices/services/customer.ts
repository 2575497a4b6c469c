import { balanceCents } from '../../../shared/invoice-money';
import type { CustomerInvoice, CustomerPayment } from '../../../shared/schemas/invoices';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { formatCents, withServiceName } from '../../messaging';
import { confirmDemoCard, type DemoCardInput } from '../../payments';
import { getSettings } from '../../settings';
import { todayInZone } from '../../schedule';
import { findInvoice, findInvoiceBooking, listInvoicePayments, type InvoiceRow } from '../repositories/invoices';
import { invoiceMoney } from './invoices';
import { recordCardPayment } from './payments';
import type { CardDeps } from './refunds';
import { invoiceOfToken } from './send';

/**
 * The customer's side of an invoice, reached only through its link's token (/invoice/{token}):
 * the invoice, a card payment of the balance and a tip, and the payment's confirmation. The
 * amount is always the server's; the invoice becomes paid only from the provider's word (the
 * intent retrieved here, or the signed webhook), never from what the browser says.
 */

const money = (cents: number) => formatCents(cents, { alwaysCents: true });

/** Stripe's least card payment. */
const MIN_CARD_CENTS = 50;

const PAYMENT_NOT_FOUND = 'This payment was not found.';

async function toCustomerInvoice(db: DbOrTx, inv: InvoiceRow, timeZone: string): Promise<CustomerInvoice> {
  const booking = (await findInvoiceBooking(db, inv.bookingId))!;
  const { serviceName } = await withServiceName(db, booking);
  const { name, phone, email, address } = (await getSettings(db)).business;
  const day = (instant: Date) => todayInZone(instant, timeZone);
  const payments = await listInvoicePayments(db, inv.id);
  return {
    number: inv.number!,
    status: inv.status as CustomerInvoice['status'],
    business: { name, phone, email, address },
    customerName: booking.fullName,
    serviceName,
    jobDate: booking.bookingDate,
    // A link exists only once the invoice was sent, so it has its sent time.
    invoiceDate: day(inv.sentAt ?? inv.createdAt),
    paidDate: inv.paidAt ? day(inv.paidAt) : null,
    ...invoiceMoney(inv),
    jobPriceCents: inv.totalCents,
    payments: payments.map((p) => ({ method: p.method as CustomerPayment['method'], amountCents: p.amountCents, tipCents: p.tipCents, date: day(p.createdAt) })),
    // The receipt is queued to the booking's address in the transaction that made it paid.
    receiptEmailedTo: inv.status === 'paid' ? booking.email : null,
  };
}

/** GET /api/invoices/:token */
export async function getCustomerInvoice(deps: { db: DbOrTx; timeZone: string }, token: string): Promise<CustomerInvoice> {
  return toCustomerInvoice(deps.db, await invoiceOfToken(deps.db, token), deps.timeZone);
}

/**
 * POST /api/invoices/:token/payment-intent: an intent for the balance plus the tip, both the
 * server's figures; a tip is at most the job's price. The same balance and tip get the same
 * intent (its idempotency key), so a repeated tap pays once.
 */
export async function createInvoicePaymentIntent(deps: CardDeps, token: string, tipCents: number): Promise<{ clientSecret: string; amountCents: number }> {
  const inv = await invoiceOfToken(deps.db, token);
  const balance = balanceCents(inv);
  if (balance === 0) throw new ConflictError(`Invoice ${inv.number} is paid in full. Thank you!`, 'INVALID_STATUS');
  if (tipCents > inv.totalCents) {
    const message = `A tip can be at most ${money(inv.totalCents)}, the job's price.`;
    throw new ValidationError(message, { tipCents: message });
  }
  const amount = balance + tipCents;
  if (amount < MIN_CARD_CENTS) throw new ConflictError(`A card payment must be at least ${money(MIN_CARD_CENTS)}. Please call us to pay the ${money(balance)} left.`, 'INVALID_STATUS');
  const booking = (await findInvoiceBooking(deps.db, inv.bookingId))!;
  const intent = await deps.payments.createInvoiceIntent({
    invoiceId: inv.id,
    amount,
    tipCents,
    email: booking.email,
    description: `Invoice ${inv.number}`,
    idempotencyKey: `invoice-${inv.id}-balance-${balance}-tip-${tipCents}-paid-${inv.paidCents}`,
  });
  return { clientSecret: intent.clientSecret, amountCents: amount };
}

/**
 * POST /api/invoices/:token/confirm: the customer is back from paying (Stripe's return_url): the
 * intent is retrieved from the provider and, when it succeeded, recorded (once, whoever is first:
 * this or the webhook). Answers the provider's status and the invoice as it is now.
 */
export async function confirmInvoicePayment(deps: CardDeps, token: string, intentId: string) {
  const inv = await invoiceOfToken(deps.db, token);
  let intent;
  try {
    intent = await deps.payments.retrieveIntent(intentId);
  } catch (err) {
    deps.log?.warn({ err, invoiceId: inv.id }, 'invoice payment intent not retrieved');
    throw new NotFoundError(PAYMENT_NOT_FOUND);
  }
  if (intent.invoiceId !== inv.id) throw new NotFoundError(PAYMENT_NOT_FOUND);
  await recordCardPayment(deps, intent);
  return { paymentStatus: intent.status, invoice: await toCustomerInvoice(deps.db, (await findInvoice(deps.db, inv.id))!, deps.timeZone) };
}

/**
 * POST /api/invoices/:token/demo-confirm: the demo provider's card form for an invoice, with the
 * deposit's test cards. The intent is marked succeeded, then recorded as Stripe's return would
 * be, and the browser is sent back to the invoice as Stripe's redirect would send it.
 */
export async function confirmInvoiceDemoPayment(deps: CardDeps, token: string, input: DemoCardInput): Promise<{ redirectUrl: string }> {
  const inv = await invoiceOfToken(deps.db, token);
  const payment = await confirmDemoCard(deps.db, input, {
    now: deps.now,
    timeZone: deps.timeZone,
    belongs: (p) => p.invoiceId === inv.id,
    notFoundMessage: PAYMENT_NOT_FOUND,
    notPayableMessage: 'This payment was refunded and can no longer be made.',
  });
  await recordCardPayment(deps, await deps.payments.retrieveIntent(payment.id));
  const query = new URLSearchParams({ payment_intent: payment.id, payment_intent_client_secret: payment.clientSecret, redirect_status: 'succeeded' });
  return { redirectUrl: `/invoice/${token}?${query.toString()}` };
}
