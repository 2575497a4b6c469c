import Stripe from 'stripe';
import type { PaymentIntentInfo, PaymentProvider, RefundResult } from './provider';

export interface StripeSettings {
  secretKey: string;
  /** Where the SDK sends its calls (tests point it at a local fake); Stripe's own API when unset. */
  apiBase?: string;
}

export function createStripeClient(s: StripeSettings): Stripe {
  const base = s.apiBase ? new URL(s.apiBase) : null;
  return new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

/** A metadata value as a whole number at least `min`, or null. */
function wholeOf(value: string | undefined, min: number): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= 2_147_483_647 ? n : null;
}

/** An intent in the provider's terms (also for the intent a webhook event carries). */
export function intentInfo(pi: Pick<Stripe.PaymentIntent, 'id' | 'client_secret' | 'status' | 'amount' | 'amount_received' | 'metadata'>): PaymentIntentInfo {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status,
    amount: pi.amount_received || pi.amount,
    bookingId: wholeOf(pi.metadata?.bookingId, 1),
    invoiceId: wholeOf(pi.metadata?.invoiceId, 1),
    tipCents: wholeOf(pi.metadata?.tipCents, 0),
  };
}

/**
 * A Stripe refund in the provider's terms: requires_action (the customer must act) is still on
 * its way; canceled never reaches the card, like failed.
 */
export function toRefundResult(refund: Pick<Stripe.Refund, 'id' | 'status'>): RefundResult {
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  return { id: refund.id, status };
}

/** Stripe through its official SDK. */
export function createStripeProvider(s: StripeSettings): PaymentProvider {
  const stripe = createStripeClient(s);
  return {
    name: 'stripe',
    async createIntent({ bookingId, amount, description }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          description,
          metadata: { bookingId: String(bookingId) },
          automatic_payment_methods: { enabled: true },
        },
        // One intent per booking even if the request is repeated (Stripe keeps keys 24 hours;
        // after that the booking's stored intent id is what prevents a second one).
        { idempotencyKey: `booking-${bookingId}-intent` },
      );
      return intentInfo(pi);
    },
    async createInvoiceIntent({ invoiceId, amount, tipCents, description, idempotencyKey }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          description,
          // The webhook dispatches on invoiceId; the tip is the server's, read back when it is paid.
          metadata: { invoiceId: String(invoiceId), tipCents: String(tipCents) },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey },
      );
      return intentInfo(pi);
    },
    async retrieveIntent(id) {
      return intentInfo(await stripe.paymentIntents.retrieve(id));
    },
    async refund(intentId, opts) {
      const refund = await stripe.refunds.create(
        { payment_intent: intentId, ...(opts.amountCents !== undefined ? { amount: opts.amountCents } : {}), ...(opts.reason ? { metadata: { reason: opts.reason } } : {}) },
        { idempotencyKey: opts.idempotencyKey },
      );
      return toRefundResult(refund);
    },
    async retrieveRefund(refundId) {
      return toRefundResult(await stripe.refunds.retrieve(refundId));
    },
  };
}

/** A webhook event, verified against the endpoint's signing secret; throws when it is not genuine. */
export function verifyStripeEvent(payload: Buffer | string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}
