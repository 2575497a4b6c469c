import { lazy, Suspense } from 'react';
import { Loader2 } from 'lucide-react';
import { useSiteConfig } from '../../lib/site-config';
import type { CardFormProps } from './card-intent';
import { DemoPaymentForm } from './demo-payment-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** Said while the payment form is on its way. */
export function PreparingPayment() {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-neutral-700" role="status">
      <Loader2 className="h-4 w-4 animate-spin text-gold-600" aria-hidden="true" />
      Preparing payment form...
    </p>
  );
}

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
