import { lazy, Suspense } from 'react';
import { useSiteConfig } from '../../lib/site-config';
import type { CardFormProps } from './card-intent';
import { DemoPaymentForm } from './demo-payment-form';
import { PreparingPayment } from './preparing-payment';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/**
 * The card form of the provider the site runs: Stripe's Payment Element (wallets come with it
 * where enabled) when Stripe is configured, else the demo provider's form with its test cards.
 */
export function CardForm({ confirmDemo, ...form }: CardFormProps) {
  const payments = useSiteConfig().data?.payments;
  if (!payments) return <PreparingPayment />;
  if (payments.provider === 'stripe' && payments.publishableKey) {
    return (
      <Suspense fallback={<PreparingPayment />}>
        <StripePaymentForm publishableKey={payments.publishableKey} {...form} />
      </Suspense>
    );
  }
  return <DemoPaymentForm confirmDemo={confirmDemo} {...form} />;
}
