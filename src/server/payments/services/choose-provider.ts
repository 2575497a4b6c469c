import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDemoProvider } from './demo';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

/** Chooses Stripe when keys are configured, the built-in demo provider otherwise. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.payments.provider === 'stripe') {
    return createStripeProvider({ secretKey: config.payments.secretKey, apiBase: config.payments.apiBase });
  }
  return createDemoProvider(db);
}
