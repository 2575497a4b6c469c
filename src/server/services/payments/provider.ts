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

export interface RefundResult {
  id: string;
  /** succeeded | pending | failed */
  status: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** Creates (idempotently, per booking) an intent for `amount` US cents. */
  createIntent(input: { bookingId: number; amount: number; email: string; description: string }): Promise<PaymentIntentInfo>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo>;
  /** Refunds the whole intent; the idempotency key makes a retried refund a no-op. */
  refund(intentId: string, opts: { idempotencyKey: string; reason?: string }): Promise<RefundResult>;
}
