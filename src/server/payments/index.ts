/**
 * Payments: the payment provider (Stripe, or the built-in demo) chosen from the configuration.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { createPaymentProvider } from './services/choose-provider';
export type { PaymentProvider, ProviderRefundStatus } from './services/provider';
export { toRefundResult, verifyStripeEvent } from './services/stripe';
