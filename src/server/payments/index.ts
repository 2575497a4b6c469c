/**
 * Payments: the payment provider (Stripe, or the built-in demo) chosen from the configuration,
 * and the demo provider's card form.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { createPaymentProvider } from './services/choose-provider';
export { confirmDemoCard } from './services/demo-card';
export type { DemoCardInput } from './services/demo-card';
export type { PaymentIntentInfo, PaymentProvider, ProviderRefundStatus } from './services/provider';
export { intentInfo, toRefundResult, verifyStripeEvent } from './services/stripe';
