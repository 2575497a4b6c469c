/** What the booking flow and invoices need from a card payment provider (Stripe, or the built-in demo). */
export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  /** Stripe's PaymentIntent statuses: requires_payment_method, processing, succeeded, canceled, ... */
  status: string;
  /** US cents (what was received once it succeeded). */
  amount: number;
  /** From the intent's metadata.bookingId: a booking's deposit. */
  bookingId: number | null;
  /** From the intent's metadata.invoiceId: an invoice's balance (decision 0021). */
  invoiceId: number | null;
  /** From the intent's metadata.tipCents: the tip in `amount`, as the server set it; null when absent. */
  tipCents: number | null;
}

/**
 * A refund as the provider reports it. `pending`: started, the money has not reached the card
 * yet (Stripe's pending and requires_action); `failed`: it will not arrive (failed, canceled).
 */
export type ProviderRefundStatus = 'succeeded' | 'pending' | 'failed';

export interface RefundResult {
  id: string;
  status: ProviderRefundStatus;
}

export interface InvoiceIntentInput {
  invoiceId: number;
  /** US cents: the balance plus the tip. */
  amount: number;
  tipCents: number;
  email: string;
  description: string;
  /** The same key answers the same intent (a repeated request, the same balance and tip). */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** Creates (idempotently, per booking) an intent for `amount` US cents. */
  createIntent(input: { bookingId: number; amount: number; email: string; description: string }): Promise<PaymentIntentInfo>;
  /** Creates (idempotently, per key) an intent paying an invoice's balance and a tip. */
  createInvoiceIntent(input: InvoiceIntentInput): Promise<PaymentIntentInfo>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo>;
  /**
   * Refunds `amountCents` of the intent, or all that is left of it when unset; the idempotency
   * key makes a retried refund a no-op.
   */
  refund(intentId: string, opts: { idempotencyKey: string; reason?: string; amountCents?: number }): Promise<RefundResult>;
  /** The refund's status now, for a refund that was `pending` when made. */
  retrieveRefund(refundId: string): Promise<RefundResult>;
}
