/** What the booking flow needs from a card payment provider (Stripe, or the built-in demo). */
export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  /** Stripe's PaymentIntent statuses: requires_payment_method, processing, succeeded, canceled, ... */
  status: string;
  /** US cents. */
  amount: number;
  /** From the intent's metadata.bookingId. */
  bookingId: number | null;
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

export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** Creates (idempotently, per booking) an intent for `amount` US cents. */
  createIntent(input: { bookingId: number; amount: number; email: string; description: string }): Promise<PaymentIntentInfo>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo>;
  /** Refunds the whole intent; the idempotency key makes a retried refund a no-op. */
  refund(intentId: string, opts: { idempotencyKey: string; reason?: string }): Promise<RefundResult>;
  /** The refund's status now, for a refund that was `pending` when made. */
  retrieveRefund(refundId: string): Promise<RefundResult>;
}
