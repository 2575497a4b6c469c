import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';

/** Chooses Stripe when keys are configured, the built-in demo provider otherwise. */
export function createPaymentProvider(_config: Config, _db: Db): PaymentProvider {
  const notReady = async (): Promise<never> => {
    throw new Error('payments are not implemented yet');
  };
  return { name: 'demo', createIntent: notReady, retrieveIntent: notReady, refund: notReady };
}
