import { useState, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { toast } from '../../../components/ui/use-toast';
import { PayButton } from './pay-button';

// One Stripe.js instance per key for the whole visit (loadStripe injects a script tag).
const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

const appearance = {
  theme: 'stripe' as const,
  variables: { colorPrimary: '#0a0a0a', colorText: '#141414', colorDanger: '#b91c1c', borderRadius: '6px' },
};

function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setIsReady] = useState(false);
  const [isProcessing, setIsProcessing] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setIsProcessing(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/book/confirmation` },
    });
    // Only reached when the confirmation failed; on success Stripe redirects to return_url.
    if (error) toast({ title: 'Payment Failed', description: error.message ?? 'Your payment could not be processed.', variant: 'destructive' });
    setIsProcessing(false);
  }

  return (
    <form method="post" action="/book" onSubmit={onSubmit} className="space-y-4">
      <PaymentElement onReady={() => setIsReady(true)} />
      <PayButton isProcessing={isProcessing} disabled={!stripe || !elements || !isReady} />
    </form>
  );
}

/** Loaded on demand (step 2, Stripe mode only), so Stripe.js stays out of the first view. */
export default function StripePaymentForm({ clientSecret, publishableKey }: { clientSecret: string; publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance }}>
      <CheckoutForm />
    </Elements>
  );
}
